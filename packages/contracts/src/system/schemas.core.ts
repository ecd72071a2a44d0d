// The zod-free part of schemas.ts (shared by the web without zod).

export interface DictionaryNode {
  id: string;
  fullName: string;
  enCode: string;
  /** A disabled item is offered for values that already hold it, never for new ones. */
  enabled: boolean;
  children: DictionaryNode[] | null;
}

export interface SubCompanyNode {
  id: string;
  deptName: string;
  children: SubCompanyNode[] | null;
}
