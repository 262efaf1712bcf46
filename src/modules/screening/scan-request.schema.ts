/**
 * The scan request (spec: Scan request), shared by full scans and batch items. Person-only fields on an
 * organisation (and the reverse) are refused by name, country codes are checked against ISO 3166-1, and
 * a date of birth must be a real calendar date that is not in the future. Unknown fields are refused
 * too: a misspelt `nationality` silently ignored would weaken the screening.
 */
import { z } from '../../schemas/zod';
import { isIsoAlpha2 } from './country-codes';

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case, e.g. AU')
  .refine(isIsoAlpha2, 'is not an assigned ISO 3166-1 alpha-2 country code')
  .openapi({ example: 'AU' });

/** Today's date (UTC) as YYYY-MM-DD; a parameter so tests can pin it. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, 'is not a real calendar date')
  .refine((v) => v <= todayUtc(), 'must not be in the future')
  .refine((v) => v >= '1850-01-01', 'is implausibly early')
  .openapi({ example: '1971-03-14' });

export const PersonRiskProfileSchema = z
  .object({
    resident_status: z.enum(['resident', 'non_resident']).default('resident'),
    profession: z.string().max(200).nullable().default(null).openapi({ example: 'accountant' }),
    client_visit_type: z.enum(['face_to_face', 'non_face_to_face']).default('face_to_face'),
  })
  .strict()
  .openapi('PersonRiskProfile');

export const OrganisationRiskProfileSchema = z
  .object({
    legal_status: z.string().max(200).nullable().default(null).openapi({ example: 'private_company' }),
    industry_type: z.string().max(200).nullable().default(null).openapi({ example: 'real_estate' }),
    has_sanctions: z.boolean().default(false),
    is_sanctioned: z.boolean().default(false),
    is_high_risk_country: z.boolean().default(false),
  })
  .strict()
  .openapi('OrganisationRiskProfile');

const PERSON_ONLY = ['dob', 'gender', 'nationality_code'] as const;
const ORGANISATION_ONLY = ['incorporation_country_code'] as const;

function scanRequestSchema(options: { incorporationCountry: boolean }) {
  return z
    .object({
      entity_type: z.enum(['person', 'organisation']),
      name: z.string().trim().min(1).max(512).openapi({ example: 'Vladimir Putin', description: 'Full legal name, 1 to 512 characters.' }),
      dob: dateOfBirth.nullable().optional(),
      gender: z.enum(['M', 'F', 'X']).nullable().optional(),
      nationality_code: countryCode.nullable().optional(),
      ...(options.incorporationCountry ? { incorporation_country_code: countryCode.nullable().optional() } : {}),
      country_code: countryCode.nullable().optional().openapi({ description: 'Country of operation; affects risk scoring.' }),
      risk_profile: z.record(z.string(), z.unknown()).nullable().optional().openapi({
        description: 'AML context: a PersonRiskProfile or an OrganisationRiskProfile according to entity_type.',
      }),
    })
    .strict()
    .superRefine((value, ctx) => {
      const wrong = value.entity_type === 'person' ? ORGANISATION_ONLY : PERSON_ONLY;
      for (const field of wrong) {
        if ((value as Record<string, unknown>)[field] != null) {
          ctx.addIssue({ code: 'custom', path: [field], message: `${field} applies to ${value.entity_type === 'person' ? 'organisations' : 'persons'} only` });
        }
      }
      if (value.risk_profile != null) {
        const profile = value.entity_type === 'person' ? PersonRiskProfileSchema : OrganisationRiskProfileSchema;
        const parsed = profile.safeParse(value.risk_profile);
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['risk_profile', ...issue.path] } as never);
      }
    })
    .transform((value) => {
      // Refinement issues do not stop the transform in zod 4: parse softly here (a bad profile is already reported).
      if (value.risk_profile == null) return { ...value, risk_profile: null };
      if (value.entity_type === 'person') {
        const profile = PersonRiskProfileSchema.safeParse(value.risk_profile);
        return { ...value, risk_profile: profile.success ? { kind: 'person' as const, profile: profile.data } : null };
      }
      const profile = OrganisationRiskProfileSchema.safeParse(value.risk_profile);
      return { ...value, risk_profile: profile.success ? { kind: 'organisation' as const, profile: profile.data } : null };
    });
}

export const FullScanRequestSchema = scanRequestSchema({ incorporationCountry: true }).openapi('ScanRequest');
/** Batch items take the same fields except `incorporation_country_code` (spec). */
export const BatchItemSchema = scanRequestSchema({ incorporationCountry: false }).openapi('BatchScanItem');

export type ScanRequest = z.output<typeof FullScanRequestSchema>;
