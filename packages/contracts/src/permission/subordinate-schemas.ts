import { z } from 'zod';

export * from './subordinate-schemas.core';

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
