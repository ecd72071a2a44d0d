import { z } from 'zod';

/** GET /api/permission/Users/Current/Subordinate: the people of the departments the user manages. */
export const SubordinateApi = {
  current: '/api/permission/Users/Current/Subordinate',
} as const;

export const subordinateSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  headIcon: z.string(),
  mobile: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  enabled: z.boolean(),
});
export type Subordinate = z.infer<typeof subordinateSchema>;
