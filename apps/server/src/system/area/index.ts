/** Areas: the administrative divisions, a tenant's corrections, and the reads forms use. */
export { areaPublicRoutes, areaRoutes } from './area-routes';
export { type AreaContext, areaChildren, findArea, searchAreas } from './area-service';
