// The zod-free part of msg-template-schemas.ts (shared by the web without zod).

/** Message templates (spec §3 shared caches, §7): what the product's own internal messages say. */
export const MsgTemplateApi = {
  /** GET: every template of the tenant (switched-off ones included, flagged). */
  all: '/api/sys/msgTemplate/all',
} as const;

/** The templates the server sends by, and the placeholders each one fills. */
export const MsgTemplateCode = {
  /** To a user whose password an administrator reset: {operator}. */
  passwordReset: 'user.passwordReset',
  /** To users given a role: {operator}, {roleName}. */
  roleGranted: 'role.granted',
} as const;
export type MsgTemplateCode = (typeof MsgTemplateCode)[keyof typeof MsgTemplateCode];

/** Fills `{name}` placeholders; an unknown placeholder stays as written. */
export function fillTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? '') : whole,
  );
}
