/** The public registers: their download URLs, AusTender's window, and the ABN Lookup web service. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';
import type { RegisterSource } from './register-catalogue';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const registersEnvironment = z.object({
  REGISTER_URL_ABR: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_COMPANIES: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_BANNED_PERSONS: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_BANNED_ORGS: optionalString.pipe(z.url().optional()),
  REGISTER_URL_ASIC_NOTICES: optionalString.pipe(z.url().optional()),
  REGISTER_URL_AUSTRAC_ENFORCEMENT: optionalString.pipe(z.url().optional()),
  REGISTER_URL_AUSTRAC_REPORTING_ENTITIES: optionalString.pipe(z.url().optional()),
  REGISTER_URL_AUSTENDER: optionalString.pipe(z.url().optional()),
  AUSTENDER_WINDOW_DAYS: z.coerce.number().int().min(1).max(366).default(3),
  ABN_LOOKUP_GUID: optionalString,
  ABN_LOOKUP_BASE_URL: z.url().default('https://abr.business.gov.au/json/'),
  ABN_LOOKUP_CACHE_HOURS: z.coerce.number().min(0).default(24),
  ABN_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
});

/**
 * Where each source's Schedule downloads from (a source without a URL has no Schedule and is loaded
 * from the CLI), how many days of AusTender notices a scheduled run asks for, and the ABN Lookup web
 * service (no GUID: not called, and an ABN missing from the extract stays "not found").
 */
export function registerSettings(e: z.output<typeof registersEnvironment>) {
  const urls: Partial<Record<RegisterSource, string>> = {
    abr: e.REGISTER_URL_ABR,
    asic_companies: e.REGISTER_URL_ASIC_COMPANIES,
    asic_banned_persons: e.REGISTER_URL_ASIC_BANNED_PERSONS,
    asic_banned_orgs: e.REGISTER_URL_ASIC_BANNED_ORGS,
    asic_notices: e.REGISTER_URL_ASIC_NOTICES,
    austrac_enforcement: e.REGISTER_URL_AUSTRAC_ENFORCEMENT,
    austrac_reporting_entities: e.REGISTER_URL_AUSTRAC_REPORTING_ENTITIES,
    austender: e.REGISTER_URL_AUSTENDER,
  };
  return {
    urls,
    austenderWindowDays: e.AUSTENDER_WINDOW_DAYS,
    abnLookup: { guid: e.ABN_LOOKUP_GUID, baseUrl: e.ABN_LOOKUP_BASE_URL, cacheHours: e.ABN_LOOKUP_CACHE_HOURS, timeoutMs: e.ABN_LOOKUP_TIMEOUT_MS },
  };
}
