/** The zod schemas of the contracts (the server validates with them). */
import './zod-config';

export * from './account/schemas';
export * from './account/ui-settings';
export * from './api/envelope';
export * from './auth/schemas';
export * from './chat/chat-schemas';
export * from './message/message-schemas';
export * from './message/msg-template-schemas';
export * from './message/notice-schemas';
export * from './org/schemas';
export * from './permission/authorize-schemas';
export * from './permission/data-rule';
export * from './permission/filter-schemas';
export * from './permission/menu';
export * from './permission/online-schemas';
export * from './permission/role-schemas';
export * from './permission/subordinate-schemas';
export * from './permission/user-schemas';
export * from './system/log-schemas';
export * from './system/menu-schemas';
export * from './system/schemas';
export * from './system/wechat';
export * from './validation/rules';
