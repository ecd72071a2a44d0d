export { AreaCascader, type AreaCascaderProps } from './AreaCascader';
export { areaApi, clearAreaCache } from './api';
