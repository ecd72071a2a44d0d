// The zod-free part of schemas.ts (shared by the web without zod).

export interface DeptPostNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: 'company' | 'department' | 'position';
  children: DeptPostNode[] | null;
}
