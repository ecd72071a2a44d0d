/** Every HTTP path both sides use, written once. */
export const API = {
  health: '/api/health',
  login: '/api/sys/login',
  loginOauth: '/api/oauth/Login',
  /** GET: a proof-of-work challenge (ALTCHA) for a sign-in that answered `proofOfWork`. */
  loginChallenge: '/api/sys/login/challenge',
  lockScreen: '/api/sys/LockScreen',
  lockScreenOauth: '/api/oauth/LockScreen',
  logout: '/api/sys/logout',
  userInfo: '/api/sys/user/info',
  nav: '/api/sys/menu-ent/nav',
  enums: '/api/common/enums',
  confDist: '/api/common/get-conf-dist',
  sysDist: '/api/common/get-sys-dist',
  sysConfig: '/api/common/get-sys-config',
  baseDist: '/api/common/get-base-dist',
  baseConfig: '/api/common/get-base-config',
  /** GET with id 0: the sub-company tree the user may act within. */
  subCompany: (id: string) => `/api/sys/dept/subCompany/${id}`,
  switchCompany: '/api/sys/dept/switchCompany',
  currentBaseInfo: '/api/permission/Users/Current/BaseInfo',
  currentPassword: '/api/permission/Users/Current/Actions/ModifyPassword',
  currentAvatar: (name: string) => `/api/permission/Users/Current/Avatar/${name}`,
  currentTheme: '/api/permission/Users/Current/SystemTheme',
  /** PUT: the language the user works in, which his messages are written in. */
  currentLanguage: '/api/permission/Users/Current/SystemLanguage',
  currentSystemLog: '/api/permission/Users/Current/SystemLog',
  /** Upload: POST multipart to `${upload}/${type}`; `IM` for chat images, `userAvatar` for avatars. */
  upload: (type: string) => `/api/file/Uploader/${type}`,
  image: (type: string, name: string) => `/api/file/Image/${type}/${name}`,
  loginLog: '/api/system/Log/login',
  loginLogExport: '/api/system/Log/login/export',
  clientError: '/api/system/Log/client-error',
} as const;

/** URLs that get the very long timeout (docs/rules.md#request-layer). */
export const LONG_TIMEOUT_URL_PARTS = [
  'SynThirdInfo',
  'extend/Email/Receive',
  'Permission/Authority/Data',
  'DataSync/Actions/Execute',
] as const;
export const LONG_TIMEOUT_MS = 100_000_000;
