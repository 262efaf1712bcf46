/**
 * The AUSTRAC Tranche 2 eligibility rule engine: given a profession and the services it offers, does
 * the business have to enrol, by when, what follows, and how sure can we be. Pure and deterministic (no
 * clock, no randomness, no I/O): the same request always gives a deeply equal answer, which the spec
 * requires and which lets agent jobs and HTTP calls share it.
 */
import { DESIGNATED_SERVICES, type ServiceKey } from './designated-services.catalogue';
import { UnknownServiceKeysError, type UnknownServiceKey } from './eligibility.errors';
import { recommendActions, type EligibilityAssessment } from './eligibility.actions';
import {
  DISCLAIMER,
  ENROLMENT_URL,
  REPORTING_ENTITY_RULES,
  registrationDeadline,
  reportingEntityObligations,
} from './eligibility.obligations';
import { calibrateRiskTier } from './risk-tier.calibration';
import { calibrateConfidence } from './confidence.calibration';
import type {
  ApplicableRule,
  DesignatedService,
  DesignatedServicesCatalogue,
  EligibilityCheckRequest,
  EligibilityResult,
  ProfessionType,
} from './eligibility.schema';

type CatalogueService = DesignatedService & { service_key: ServiceKey };

const SERVICES_BY_KEY: ReadonlyMap<string, CatalogueService> = new Map(DESIGNATED_SERVICES.map((s) => [s.service_key, s]));
const CATALOGUE_ORDER: ReadonlyMap<string, number> = new Map(DESIGNATED_SERVICES.map((s, i) => [s.service_key, i]));

/**
 * The catalogue entries for the keys sent, de-duplicated and in catalogue order (so the answer does not
 * depend on the order the caller listed them in). Every unknown key is collected before failing, so the
 * caller can fix them all at once.
 */
function resolveServices(serviceKeys: readonly string[]): CatalogueService[] {
  const unknown: UnknownServiceKey[] = [];
  const found = new Map<string, CatalogueService>();
  serviceKeys.forEach((key, index) => {
    const service = SERVICES_BY_KEY.get(key);
    if (service === undefined) unknown.push({ index, service_key: key });
    else found.set(key, service);
  });
  if (unknown.length > 0) throw new UnknownServiceKeysError(unknown);
  return [...found.values()].sort((a, b) => (CATALOGUE_ORDER.get(a.service_key) ?? 0) - (CATALOGUE_ORDER.get(b.service_key) ?? 0));
}

/** Designated-service rules of the triggering services (one per provision), then the reporting-entity rules. */
function applicableRules(triggering: readonly DesignatedService[], mustRegister: boolean): ApplicableRule[] {
  const byReference = new Map<string, ApplicableRule>();
  for (const service of triggering) {
    const existing = byReference.get(service.rule_reference);
    if (existing) existing.description = `${existing.description}; ${service.label}`;
    else {
      const source_url = service.source_urls[0] ?? ENROLMENT_URL;
      byReference.set(service.rule_reference, { rule_reference: service.rule_reference, description: service.label, source_url });
    }
  }
  const reportingEntityRules = mustRegister ? REPORTING_ENTITY_RULES.map((rule) => ({ ...rule })) : [];
  return [...byReference.values(), ...reportingEntityRules];
}

/**
 * Decides whether a business must enrol with AUSTRAC for the Tranche 2 reform, from a request already
 * parsed by `EligibilityCheckRequestSchema` (defaults applied).
 *
 * Contract:
 * - `must_register` is true exactly when an offered service triggers registration and no exemption that
 *   the request's flags establish removes it (today: an AFS licence removes the financial-planning
 *   trigger). Carve-outs that depend on the facts of an engagement are never assumed: they lower the
 *   confidence and are pointed out in the actions instead.
 * - No services offered: `must_register` is false with low confidence, and the first action asks for them.
 * - Keys are checked against the whole catalogue, not the profession's list: the Act regulates the
 *   service whoever provides it, so a known key outside the profession's usual services is evaluated and
 *   flagged, never refused.
 *
 * @throws UnknownServiceKeysError when `services_offered` holds keys the catalogue does not know.
 */
export function checkEligibility(request: EligibilityCheckRequest): EligibilityResult {
  const offered = resolveServices(request.services_offered);
  const triggering: CatalogueService[] = [];
  const exempted: EligibilityAssessment['exempted'][number][] = [];
  const notDesignated: CatalogueService[] = [];
  for (const service of offered) {
    if (!service.triggers_registration) {
      notDesignated.push(service);
      continue;
    }
    const exemption = service.exemptions.find((e) => e.applies_when === 'is_afsl_holder' && request.is_afsl_holder);
    if (exemption) exempted.push({ service, exemption });
    else triggering.push(service);
  }

  const assessment: EligibilityAssessment = {
    professionType: request.profession_type,
    mustRegister: triggering.length > 0,
    isAlreadyRegistered: request.is_already_registered,
    servicesGiven: offered.length > 0,
    revenueGiven: request.annual_revenue_aud !== null,
    triggering,
    exempted,
    notDesignated,
    needingJudgement: triggering.filter((s) => s.exemptions.some((e) => e.applies_when === null)),
    unusual: offered.filter((s) => !s.professions.includes(request.profession_type)),
  };

  return {
    must_register: assessment.mustRegister,
    registration_deadline: registrationDeadline(request.is_already_registered),
    risk_tier: calibrateRiskTier(
      triggering.map((s) => s.service_key),
      request.annual_revenue_aud,
    ),
    obligations: assessment.mustRegister ? reportingEntityObligations(request.is_already_registered) : [],
    triggering_services: triggering.map((s) => s.service_key),
    triggering_service_labels: triggering.map((s) => s.label),
    applicable_rules: applicableRules(triggering, assessment.mustRegister),
    exemptions_applied: exempted.map(({ service, exemption }) => `${service.service_key}: ${exemption.description}`),
    recommended_actions: recommendActions(assessment),
    confidence: calibrateConfidence({
      servicesGiven: assessment.servicesGiven,
      revenueGiven: assessment.revenueGiven,
      judgementCarveOutPresent: assessment.needingJudgement.length > 0,
      unusualServicePresent: assessment.unusual.length > 0,
    }),
    is_already_registered: request.is_already_registered,
    profession_type: request.profession_type,
    disclaimer: DISCLAIMER,
    enrolment_url: ENROLMENT_URL,
  };
}

/** A copy of one entry, so a caller that changes the answer cannot change the catalogue. */
function copyService(service: DesignatedService): DesignatedService {
  return {
    ...service,
    professions: [...service.professions],
    exemptions: service.exemptions.map((e) => ({ ...e })),
    thresholds: service.thresholds.map((t) => ({ ...t })),
    source_urls: [...service.source_urls],
  };
}

/**
 * The catalogue served by `GET /v1/eligibility/services`, keyed by `service_key` in catalogue order.
 * With a profession, only the services that profession usually provides (designated or not), which is
 * the list a user of that profession picks from.
 */
export function listDesignatedServices(professionType?: ProfessionType): DesignatedServicesCatalogue {
  const catalogue: DesignatedServicesCatalogue = {};
  for (const service of DESIGNATED_SERVICES) {
    if (professionType === undefined || service.professions.includes(professionType)) {
      catalogue[service.service_key] = copyService(service);
    }
  }
  return catalogue;
}
