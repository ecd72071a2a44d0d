/**
 * The zod-free part of the contracts: API paths, codes, constants, formatting, validation rules and
 * every type. The web imports this entry only, so zod stays out of its bundle.
 */

export type * from './account/schemas';
export type * from './account/ui-settings';
export * from './account/ui-settings.core';
export type * from './api/envelope';
export * from './api/envelope.core';
export * from './api/paths';
export type * from './auth/schemas';
export * from './auth/schemas.core';
export type * from './chat/chat-schemas';
export * from './chat/chat-schemas.core';
export * from './format/constants';
export * from './format/index';
export type * from './message/message-schemas';
export * from './message/message-schemas.core';
export type * from './message/msg-template-schemas';
export * from './message/msg-template-schemas.core';
export type * from './message/notice-schemas';
export * from './message/notice-schemas.core';
export * from './org/codes';
export type * from './org/schemas';
export * from './org/schemas.core';
export * from './permission/authorize-codes';
export type * from './permission/authorize-schemas';
export * from './permission/authorize-schemas.core';
export * from './permission/codes';
export type * from './permission/data-rule';
export * from './permission/data-rule.core';
export type * from './permission/filter-schemas';
export * from './permission/filter-schemas.core';
export type * from './permission/menu';
export * from './permission/menu.core';
export type * from './permission/online-schemas';
export * from './permission/online-schemas.core';
export * from './permission/role-codes';
export type * from './permission/role-schemas';
export * from './permission/role-schemas.core';
export type * from './permission/subordinate-schemas';
export * from './permission/subordinate-schemas.core';
export * from './permission/user-codes';
export type * from './permission/user-schemas';
export type * from './system/log-schemas';
export * from './system/log-schemas.core';
export * from './system/menu-codes';
export type * from './system/menu-schemas';
export * from './system/menu-schemas.core';
export type * from './system/schemas';
export * from './system/schemas.core';
export type * from './system/wechat';
export * from './system/wechat.core';
export type * from './validation/rules';
export * from './validation/rules.core';
