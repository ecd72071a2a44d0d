// The zod-free part of msg-template-schemas.ts (shared by the web without zod).

/** Message templates (docs/rules.md#messages): what the product's own internal messages say. */
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
  // The workflow's messages (each linked to the task); every one fills {title} (the task's title in
  // the recipient's language), {flow} (the flow's name), {billNo} and {launcher}.
  /** To each new handler of a to-do. */
  flowTodo: 'flow.todo',
  /** To the launcher when his task is approved at the end. */
  flowApproved: 'flow.approved',
  /** To the launcher when his task is rejected back to him. */
  flowRejected: 'flow.rejected',
  /** To the launcher when his task is withdrawn. */
  flowWithdrawn: 'flow.withdrawn',
  /** To the launcher when an administrator terminates his task. */
  flowTerminated: 'flow.terminated',
  /** To the users a task is copied to. */
  flowCopy: 'flow.copy',
  /** To handlers whose to-do is overdue. */
  flowRemind: 'flow.remind',
} as const;
export type MsgTemplateCode = (typeof MsgTemplateCode)[keyof typeof MsgTemplateCode];

/** Fills `{name}` placeholders; an unknown placeholder stays as written. */
export function fillTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? '') : whole,
  );
}

/** A template's texts in every language (empty translations fall back to the main text). */
export interface TemplateTexts {
  title: string;
  content: string;
  titleEn: string;
  titleTw: string;
  contentEn: string;
  contentTw: string;
}

/** A template's title and content in one language, placeholders filled. */
export function templateIn(
  texts: TemplateTexts,
  locale: string,
  vars: Record<string, string>,
): { title: string; content: string } {
  const [title, content] =
    locale === 'en-US'
      ? [texts.titleEn, texts.contentEn]
      : locale === 'zh-TW'
        ? [texts.titleTw, texts.contentTw]
        : ['', ''];
  return {
    title: fillTemplate(title || texts.title, vars),
    content: fillTemplate(content || texts.content, vars),
  };
}
