export { USER_SEARCH_DELAY_MS, UserSelect, type UserSelectProps } from './UserSelect';
export { UserTreeSelect, type UserTreeSelectProps } from './UserTreeSelect';
export { useDebouncedValue } from './useDebouncedValue';
export { cachedUser, USER_PICKER_QUERY_KEY, useAllUsers, userLabel } from './userPickers';
export {
  buildUserTree,
  groupValues,
  isUserValue,
  matchesUserSearch,
  NO_DEPT_VALUE,
  orgValue,
  type UserTreeNode,
} from './userTree';
