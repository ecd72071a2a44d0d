/**
 * How a data screen is opened (docs/data-screens.md). A signed-in user who may open a screen (the
 * tenant's administrator, a holder of the designer's code, or of the code of an enabled type-6 menu
 * item naming it) asks for a view token: random, kept only as its SHA-256, bound to his tenant, his
 * user and that screen, good for DATA_SCREEN_VIEW_TOKEN_SECONDS and once. The viewer's address
 * carries it; the viewer exchanges it for a viewer token of DATA_SCREEN_VIEWER_SECONDS, which reads
 * that screen's definition and widget rows and nothing else (it is no session: every other route
 * refuses it, and it reads no other screen). Each read runs as the user, under his tenant and data
 * rules, and checks again that he may still open the screen (a disabled user, a withdrawn grant or
 * a deleted screen ends it). A token that is unknown or expired answers 401; one of another screen 404.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  DATA_SCREEN_VIEW_TOKEN_SECONDS,
  DATA_SCREEN_VIEWER_SECONDS,
  type DataScreenOpened,
  DataScreenPerm,
  type DataScreenView,
  type DataScreenViewToken,
  isDataScreenDatasetWidget,
  type MapGeoJson,
  MenuType,
  type PortalWidgetRows,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { extractToken } from '../auth/session';
import type { AuthInfo, Deps } from '../core/context';
import { AppError, notFound } from '../core/errors';
import { createContext, originOf, type ServiceContext } from '../core/service-context';
import { type DataScreenRow, dataScreenDefinitionOf, dataScreenRow } from './data-screen-service';
import { mapGeoJson } from './map-service';
import { datasetWidgetRows } from './portal-view';
import { moduleIdOf, namesOf } from './published-menus';

type Kind = 'view' | 'viewer';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const invalid = () => new AppError(401, 'dataScreen.viewTokenInvalid');

/** Whether the caller may open screen `id` of his tenant: the administrator, the designer, a type-6 menu item he holds. */
async function mayOpen(ctx: ServiceContext, id: string): Promise<boolean> {
  const perms = await ctx.permissions();
  if (perms.isAdmin || perms.codes.has(DataScreenPerm.screen)) return true;
  const menus = await ctx.deps.db
    .selectFrom('sys_menu as s')
    .select('s.menu_perms')
    .where('s.tenant_id', '=', ctx.auth.tenantId)
    .where('s.menu_type', '=', MenuType.visualisation)
    .where('s.enabled', '=', true)
    .where(moduleIdOf, '=', id)
    .execute();
  return menus.some((m) => perms.codes.has(m.menu_perms));
}

/** The screen `id` if the caller may open it; another tenant's, or one he may not, answers 404. */
async function openScreen(ctx: ServiceContext, id: string): Promise<DataScreenRow> {
  const row = await dataScreenRow(ctx, id);
  if (!(await mayOpen(ctx, id))) throw notFound();
  return row;
}

/** A new random token of `kind` for the caller and the screen; expired ones of the tenant go. */
async function issue(ctx: ServiceContext, screenId: string, kind: Kind, seconds: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + seconds * 1000);
  const { db } = ctx.deps;
  await db
    .deleteFrom('dm_data_screen_token')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('expires_at', '<', new Date())
    .execute();
  await db
    .insertInto('dm_data_screen_token')
    .values({
      tenant_id: ctx.auth.tenantId,
      screen_id: screenId,
      user_id: ctx.auth.userId,
      company_id: ctx.auth.companyId,
      kind,
      token_hash: hash(token),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt: expiresAt.getTime() };
}

/** POST `…/{id}/Actions/ViewToken`: the token a viewer's address carries, for a screen the caller may open. */
export async function issueViewToken(ctx: ServiceContext, id: string): Promise<DataScreenViewToken> {
  await openScreen(ctx, id);
  return issue(ctx, id, 'view', DATA_SCREEN_VIEW_TOKEN_SECONDS);
}

/**
 * The user a token row stands for, as a session would give him (his tenant's cache versions, his
 * enterprise and department), or null when he is disabled, deleted or his tenant suspended.
 */
async function tokenAuth(deps: Deps, row: { tenant_id: string; user_id: string; company_id: string | null }) {
  const user = await deps.db
    .selectFrom('sys_user as u')
    .innerJoin('tenant as tn', 'tn.id', 'u.tenant_id')
    .leftJoin('ent as e', 'e.id', 'u.ent_id')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .leftJoin('sys_tenant_cache_version as cv', 'cv.tenant_id', 'u.tenant_id')
    .select([
      'u.id',
      'u.tenant_id',
      'u.ent_id',
      'u.dept_id',
      'u.account',
      'u.real_name',
      'u.is_admin',
      'u.language',
      'u.theme',
      'u.mobile',
      'u.email',
      'u.head_icon',
      'u.enabled',
      'u.deleted',
      'tn.suspended_at',
      'cv.version as cache_version',
      'cv.user_version',
      'cv.user_page_version',
      'cv.config_version',
      'cv.supplier_version',
      'e.id as ent_row_id',
      'e.ent_name',
      'e.ent_type',
      'd.dept_name',
      sql<string>`u.xmin::text || '.' || coalesce(e.xmin::text, '')`.as('row_version'),
    ])
    .where('u.id', '=', row.user_id)
    .where('u.tenant_id', '=', row.tenant_id)
    .executeTakeFirst();
  if (!user?.enabled || user.deleted || user.suspended_at) return null;
  const auth: AuthInfo = {
    sessionId: '',
    userId: String(user.id),
    tenantId: String(user.tenant_id),
    entId: String(user.ent_id),
    deptId: user.dept_id === null ? null : String(user.dept_id),
    companyId: row.company_id,
    account: user.account,
    realName: user.real_name,
    isAdmin: user.is_admin,
    language: user.language,
    theme: user.theme,
    cacheVersion: user.cache_version ?? '0',
    userVersion: user.user_version ?? '0',
    userPageVersion: user.user_page_version ?? '0',
    configVersion: user.config_version ?? '0',
    supplierVersion: user.supplier_version ?? '0',
    rowVersion: user.row_version,
    profile: {
      mobile: user.mobile,
      email: user.email,
      headIcon: user.head_icon,
      prevLoginTime: null,
      prevLoginIp: '',
      prevLoginIpName: '',
      entId: user.ent_row_id === null ? null : String(user.ent_row_id),
      entName: user.ent_name,
      entType: user.ent_type,
      deptName: user.dept_name,
    },
  };
  return Object.freeze(auth);
}

/**
 * The context a token of `kind` stands for on screen `id`: 401 for none, an unknown or an expired
 * one, 404 for one of another screen or a user who may no longer open it. A view token is spent
 * by this (deleted first, so that two opens of one token make one viewer).
 */
async function contextOfToken(
  request: FastifyRequest,
  id: string,
  token: string | null,
  kind: Kind,
): Promise<{ ctx: ServiceContext; row: DataScreenRow }> {
  if (!token) throw invalid();
  const { deps } = request.server;
  const found =
    kind === 'view'
      ? await deps.db
          .deleteFrom('dm_data_screen_token')
          .where('token_hash', '=', hash(token))
          .where('kind', '=', kind)
          .returningAll()
          .executeTakeFirst()
      : await deps.db
          .selectFrom('dm_data_screen_token')
          .selectAll()
          .where('token_hash', '=', hash(token))
          .where('kind', '=', kind)
          .executeTakeFirst();
  if (!found) throw invalid();
  if (new Date(found.expires_at).getTime() <= Date.now()) {
    throw new AppError(401, kind === 'view' ? 'dataScreen.viewTokenExpired' : 'dataScreen.viewerExpired');
  }
  if (String(found.screen_id) !== id) throw notFound();
  const auth = await tokenAuth(deps, {
    tenant_id: String(found.tenant_id),
    user_id: String(found.user_id),
    company_id: found.company_id === null ? null : String(found.company_id),
  });
  if (!auth) throw invalid();
  const ctx = createContext(deps, auth, originOf(request));
  return { ctx, row: await openScreen(ctx, id) };
}

function viewOf(row: DataScreenRow): DataScreenView {
  return { id: String(row.id), names: namesOf(row), definition: dataScreenDefinitionOf(row) };
}

/** POST `…/{id}/Actions/Open`: the view token, spent, for a viewer token and the screen. */
export async function openDataScreen(
  request: FastifyRequest,
  id: string,
  token: string,
): Promise<DataScreenOpened> {
  const { ctx, row } = await contextOfToken(request, id, token, 'view');
  const viewer = await issue(ctx, id, 'viewer', DATA_SCREEN_VIEWER_SECONDS);
  return { viewerToken: viewer.token, expiresAt: viewer.expiresAt, screen: viewOf(row) };
}

/** The viewer token a viewer's request carries (`Authorization: Bearer …`). */
const viewerToken = (request: FastifyRequest) => extractToken(request);

/** GET `…/{id}` with a viewer token: the screen as its viewer draws it. */
export async function dataScreenViewOf(request: FastifyRequest, id: string): Promise<DataScreenView> {
  const { row } = await contextOfToken(request, id, viewerToken(request), 'viewer');
  return viewOf(row);
}

/** GET `…/{id}/Maps/{mapId}` with a viewer token: the regions one of the screen's map charts draws. */
export async function dataScreenMapOf(
  request: FastifyRequest,
  id: string,
  mapId: string,
): Promise<MapGeoJson> {
  const { ctx, row } = await contextOfToken(request, id, viewerToken(request), 'viewer');
  const drawn = dataScreenDefinitionOf(row).widgets.some(
    (w) => w.type === 'chart' && w.chart.mapId === mapId,
  );
  if (!drawn) throw notFound();
  return mapGeoJson(ctx, mapId);
}

/** GET `…/{id}/Widgets/{widgetId}/Data` with a viewer token: a dataset widget's rows, run as the user. */
export async function dataScreenWidgetRows(
  request: FastifyRequest,
  id: string,
  widgetId: string,
): Promise<PortalWidgetRows> {
  const { ctx, row } = await contextOfToken(request, id, viewerToken(request), 'viewer');
  const widget = dataScreenDefinitionOf(row).widgets.find((w) => w.id === widgetId);
  if (!widget) throw notFound();
  if (!isDataScreenDatasetWidget(widget)) throw new AppError(404, 'portal.notDatasetWidget');
  return datasetWidgetRows(ctx, widget);
}
