import { z } from 'zod';
import { idSchema } from '../api/envelope';
import {
  SSO_KINDS,
  type SsoClaimMap,
  type SsoProvider,
  type SsoProviderChoice,
  type SsoStarted,
  type SsoTestResult,
} from './sso.core';

export * from './sso.core';

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' });

/** An http(s) address with a host and neither a user name, a password, a query nor a fragment. */
const providerUrl = text(500).refine(
  (value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        !!url.hostname &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  },
  { error: 'validation.ssoIssuer' },
);

const claimName = optionalText(100).regex(/^[A-Za-z0-9_:./-]*$/, { error: 'validation.ssoClaim' });
const claimMapSchema: z.ZodType<SsoClaimMap> = z.object({
  subject: claimName,
  email: claimName,
  emailVerified: claimName,
  mobile: claimName,
  mobileVerified: claimName,
  name: claimName,
  account: claimName,
});

const domain = z
  .string({ error: 'validation.invalid' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'validation.ssoDomain' });

const connection = {
  kind: z.enum(SSO_KINDS, { error: 'validation.invalid' }),
  issuer: providerUrl,
  clientId: optionalText(200).default(''),
  /** Empty or left out when editing: the kept secret stays. */
  clientSecret: z
    .string({ error: 'validation.invalid' })
    .max(500, { error: 'validation.tooLong' })
    .optional(),
};

/** POST create and PUT of a provider. */
export const ssoProviderSaveSchema = z
  .object({
    name: text(50),
    enabled: z.boolean({ error: 'validation.invalid' }).default(true),
    ...connection,
    scopes: optionalText(300)
      .regex(/^[\x21\x23-\x5B\x5D-\x7E ]*$/, { error: 'validation.invalid' })
      .default('openid profile email'),
    claims: claimMapSchema.optional(),
    allowedDomains: z.array(domain).max(50, { error: 'validation.tooMany' }).default([]),
    linkByEmail: z.boolean({ error: 'validation.invalid' }).default(false),
    linkByMobile: z.boolean({ error: 'validation.invalid' }).default(false),
    createUsers: z.boolean({ error: 'validation.invalid' }).default(false),
    createDeptId: idSchema.nullable().default(null),
    createRoleIds: z.array(idSchema).max(20, { error: 'validation.tooMany' }).default([]),
    signOutAtProvider: z.boolean({ error: 'validation.invalid' }).default(true),
    sortCode: z.number({ error: 'validation.invalid' }).int().min(0).max(9999).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'oidc' && !value.clientId)
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'validation.required' });
    if (value.createUsers && !value.createDeptId)
      ctx.addIssue({ code: 'custom', path: ['createDeptId'], message: 'validation.required' });
  });
export type SsoProviderSave = z.input<typeof ssoProviderSaveSchema>;

/** POST `…/Actions/Test`: discovery as typed; `id` lends its kept secret when none is typed. */
export const ssoProviderTestSchema = z.object({ ...connection, id: idSchema.optional() });
export type SsoProviderTest = z.input<typeof ssoProviderTestSchema>;

export const ssoProviderSchema: z.ZodType<SsoProvider> = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SSO_KINDS),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  secretSet: z.boolean(),
  scopes: z.string(),
  claims: claimMapSchema,
  allowedDomains: z.array(z.string()),
  linkByEmail: z.boolean(),
  linkByMobile: z.boolean(),
  createUsers: z.boolean(),
  createDeptId: z.string().nullable(),
  createRoleIds: z.array(z.string()),
  signOutAtProvider: z.boolean(),
  sortCode: z.number(),
  redirectUri: z.string(),
  linkedUsers: z.number(),
  updatedAt: z.number().nullable(),
});

export const ssoTestResultSchema: z.ZodType<SsoTestResult> = z.object({
  issuer: z.string(),
  endpoints: z.record(z.string(), z.string()),
  ms: z.number(),
});

export const ssoProvidersQuerySchema = z.object({
  /** The tenant's code; left out: the platform's own tenant (as the sign-in page's branding). */
  tenant: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
});

export const ssoProviderChoiceSchema: z.ZodType<SsoProviderChoice> = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SSO_KINDS),
});

export const ssoStartSchema = z.object({
  providerId: idSchema,
  /** An in-app path to open after signing in. */
  redirect: z.string().max(1000, { error: 'validation.tooLong' }).optional(),
});

export const ssoStartedSchema: z.ZodType<SsoStarted> = z.object({ url: z.string() });

const callbackValue = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** The spec's callback body: `{ provider, code, state }` (OIDC) or `{ provider, ticket, service }` (CAS). */
export const ssoCallbackSchema = z.union(
  [
    z.object({
      provider: idSchema,
      code: callbackValue(2000),
      state: callbackValue(200),
      /** The issuer the provider named in its answer (RFC 9207), when it names one. */
      iss: z.string().max(500).optional(),
    }),
    z.object({ provider: idSchema, ticket: callbackValue(2000), service: callbackValue(2000) }),
  ],
  { error: 'validation.invalid' },
);
export type SsoCallback = z.input<typeof ssoCallbackSchema>;
