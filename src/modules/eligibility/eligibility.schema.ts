/**
 * Request and response shapes of the AUSTRAC Tranche 2 eligibility check (`POST /v1/eligibility/check`)
 * and of the designated-services catalogue (`GET /v1/eligibility/services`). These schemas are the one
 * source of the validation, the TypeScript types and the OpenAPI components for both endpoints.
 */
import { z } from '../../schemas/zod';

/** The five professions the Tranche 2 reform brings in; keys are stable once published. */
export const PROFESSION_TYPES = [
  'real_estate_agent',
  'accountant',
  'lawyer',
  'precious_metals_dealer',
  'trust_company_service_provider',
] as const;

export const ProfessionTypeSchema = z.enum(PROFESSION_TYPES).openapi({
  description: 'The kind of business asking. `lawyer` also covers conveyancers.',
  example: 'accountant',
});
export type ProfessionType = z.infer<typeof ProfessionTypeSchema>;

export const RiskTierSchema = z.enum(['low', 'medium', 'high']);
export type RiskTier = z.infer<typeof RiskTierSchema>;

/** Unknown fields are stripped, not rejected: older and newer clients keep working. */
export const EligibilityCheckRequestSchema = z
  .object({
    profession_type: ProfessionTypeSchema,
    services_offered: z
      .array(z.string().min(1).max(100))
      .max(100)
      .default([])
      .openapi({
        description: 'Service keys from `GET /v1/eligibility/services`. Without any, the check cannot say you must enrol.',
        example: ['company_trust_formation', 'tax_return_preparation'],
      }),
    is_already_registered: z
      .boolean()
      .default(false)
      .openapi({ description: 'Already enrolled with AUSTRAC as a reporting entity.' }),
    is_afsl_holder: z.boolean().default(false).openapi({
      description:
        'Holds an Australian financial services licence. Relevant only to accountants: financial planning by a ' +
        'licensee is already regulated under the existing regime, so it is not a Tranche 2 trigger.',
    }),
    annual_revenue_aud: z
      .number()
      .min(0)
      .nullable()
      .default(null)
      .openapi({ description: 'Annual revenue in AUD; used only to calibrate the risk tier.', example: 850000 }),
  })
  .openapi('EligibilityCheckRequest');
/** The request after defaults are applied: what the rule engine takes. */
export type EligibilityCheckRequest = z.output<typeof EligibilityCheckRequestSchema>;

export const ApplicableRuleSchema = z
  .object({
    rule_reference: z.string().openapi({ example: 'AML/CTF Act 2006 s 6(5B), table 6, item 6' }),
    description: z.string(),
    source_url: z.url(),
  })
  .openapi('EligibilityApplicableRule');
export type ApplicableRule = z.infer<typeof ApplicableRuleSchema>;

export const EligibilityCheckResponseSchema = z
  .object({
    must_register: z.boolean(),
    registration_deadline: z.string().openapi({
      description:
        'Starts with the day Tranche 2 obligations begin (2026-07-01). For a business already enrolled it ' +
        'goes on to say what must be updated by then.',
      example: '2026-07-01',
    }),
    risk_tier: RiskTierSchema,
    obligations: z.array(z.string()).openapi({ description: 'Empty unless `must_register` is true.' }),
    triggering_services: z.array(z.string()).openapi({ example: ['company_trust_formation'] }),
    triggering_service_labels: z.array(z.string()),
    applicable_rules: z.array(ApplicableRuleSchema),
    exemptions_applied: z.array(z.string()),
    recommended_actions: z.array(z.string()),
    confidence: z.number().min(0).max(1).openapi({
      description: 'How complete the inputs were for this answer, 0 to 1; lower when services or revenue are missing.',
      example: 0.85,
    }),
    is_already_registered: z.boolean(),
    profession_type: ProfessionTypeSchema,
    disclaimer: z.string(),
    enrolment_url: z.url(),
  })
  .openapi('EligibilityCheckResponse');
export type EligibilityResult = z.infer<typeof EligibilityCheckResponseSchema>;

export const DesignatedServiceExemptionSchema = z
  .object({
    exemption_key: z.string().openapi({ example: 'afsl_holder_existing_regime' }),
    description: z.string(),
    applies_when: z.enum(['is_afsl_holder']).nullable().openapi({
      description:
        'The request flag that applies this carve-out automatically; null when it depends on facts of a ' +
        'particular engagement that the caller must judge.',
    }),
    source_url: z.url(),
  })
  .openapi('DesignatedServiceExemption');
export type DesignatedServiceExemption = z.infer<typeof DesignatedServiceExemptionSchema>;

export const DesignatedServiceThresholdSchema = z
  .object({
    amount_aud: z.number().positive().openapi({ example: 10000 }),
    description: z.string(),
  })
  .openapi('DesignatedServiceThreshold');
export type DesignatedServiceThreshold = z.infer<typeof DesignatedServiceThresholdSchema>;

export const DesignatedServiceSchema = z
  .object({
    service_key: z.string().openapi({ example: 'company_trust_formation' }),
    label: z.string(),
    professions: z.array(ProfessionTypeSchema).openapi({
      description: 'Who usually provides it. The Act regulates the service, whoever provides it.',
    }),
    rule_reference: z.string(),
    triggers_registration: z.boolean().openapi({
      description: 'False for common services that are outside the AML/CTF regime.',
    }),
    exemptions: z.array(DesignatedServiceExemptionSchema),
    thresholds: z.array(DesignatedServiceThresholdSchema),
    source_urls: z.array(z.url()),
  })
  .openapi('DesignatedService');
export type DesignatedService = z.infer<typeof DesignatedServiceSchema>;

/** `GET /v1/eligibility/services`: the catalogue keyed by `service_key`, in catalogue order. */
export const DesignatedServicesCatalogueSchema = z
  .record(z.string(), DesignatedServiceSchema)
  .openapi('DesignatedServicesCatalogue');
export type DesignatedServicesCatalogue = z.infer<typeof DesignatedServicesCatalogueSchema>;

export const DesignatedServicesQuerySchema = z.object({
  profession_type: ProfessionTypeSchema.optional().openapi({
    description: 'Only the services usually provided by this profession.',
  }),
});
export type DesignatedServicesQuery = z.output<typeof DesignatedServicesQuerySchema>;
