/**
 * The `recommended_actions` of an eligibility answer: the next steps a business should take, phrased
 * for the owner of a small practice. Dates and links come from the obligations module so that every
 * statement of a deadline in the answer agrees.
 */
import type { DesignatedService, DesignatedServiceExemption, ProfessionType } from './eligibility.schema';
import { ENROLMENT_URL, ENROLMENT_WINDOW, PROGRAM_URL, UPDATE_DETAILS_URL } from './eligibility.obligations';

/** What the engine worked out about the services offered; the input of every phrasing below. */
export interface EligibilityAssessment {
  professionType: ProfessionType;
  mustRegister: boolean;
  isAlreadyRegistered: boolean;
  servicesGiven: boolean;
  revenueGiven: boolean;
  triggering: readonly DesignatedService[];
  exempted: readonly { service: DesignatedService; exemption: DesignatedServiceExemption }[];
  notDesignated: readonly DesignatedService[];
  /** Triggering services with a carve-out that depends on facts the request does not carry. */
  needingJudgement: readonly DesignatedService[];
  /** Known services that the profession does not usually provide. */
  unusual: readonly DesignatedService[];
}

const PROFESSION_NAMES: Record<ProfessionType, string> = {
  real_estate_agent: 'real estate agents',
  accountant: 'accountants',
  lawyer: 'lawyers and conveyancers',
  precious_metals_dealer: 'dealers in precious metals, stones and products',
  trust_company_service_provider: 'trust and company service providers',
};

const labels = (services: readonly DesignatedService[]) => services.map((s) => s.label).join('; ');

function noServicesActions(professionType: ProfessionType): string[] {
  return [
    `List the services you provide in services_offered, using keys from GET /v1/eligibility/services?profession_type=${professionType}: without them this check cannot tell whether you must enrol.`,
    `If you provide a designated service from 1 July 2026 you must enrol with AUSTRAC within 28 days of starting (${ENROLMENT_URL}).`,
  ];
}

function mustRegisterActions(a: EligibilityAssessment): string[] {
  const actions = [
    a.isAlreadyRegistered
      ? `You are already enrolled: update your enrolment details to add these designated services and extend your AML/CTF program to cover them before 1 July 2026 (${UPDATE_DETAILS_URL}).`
      : `Enrol with AUSTRAC (${ENROLMENT_URL}): ${ENROLMENT_WINDOW}.`,
    `Before 1 July 2026, assess your ML/TF risks, write your AML/CTF program and appoint an AML/CTF compliance officer (start with AUSTRAC's risk assessment guidance: ${PROGRAM_URL}); AUSTRAC publishes program starter kits for small businesses.`,
    'Set up customer due diligence so that it is completed before you start providing a designated service to each customer.',
  ];
  if (a.triggering.some((s) => s.service_key === 'precious_metals_cash_transactions')) {
    actions.push(
      'You can stay outside the regime by refusing payments of A$10,000 or more in physical currency or virtual assets, including linked payments that add up to that amount; otherwise enrol and report threshold transactions.',
    );
  }
  if (!a.revenueGiven) {
    actions.push('Give annual_revenue_aud to calibrate the risk tier; without it the tier assumes a mid-sized business.');
  }
  return actions;
}

function outsideRegimeActions(a: EligibilityAssessment): string[] {
  const actions = [
    'On the services listed you do not need to enrol with AUSTRAC for Tranche 2. Check again before you start any designated service: enrolment is due within 28 days of first providing one.',
  ];
  if (a.isAlreadyRegistered) {
    actions.push('You are already enrolled: these services add no Tranche 2 obligations, and your existing obligations continue.');
  }
  return actions;
}

/**
 * Next steps, most urgent first. Without services the only useful step is to list them; otherwise the
 * enrolment step (or the reassurance that none is needed) comes first, then what the caller should check.
 */
export function recommendActions(a: EligibilityAssessment): string[] {
  if (!a.servicesGiven) return noServicesActions(a.professionType);
  const actions = a.mustRegister ? mustRegisterActions(a) : outsideRegimeActions(a);
  if (a.exempted.length > 0) {
    const exemptedServices = a.exempted.map((e) => e.service);
    actions.push(
      `Regulated under the existing regime rather than Tranche 2: ${labels(exemptedServices)}. Make sure your AUSTRAC enrolment and AML/CTF program cover it.`,
    );
  }
  if (a.needingJudgement.length > 0) {
    actions.push(
      `Check whether a carve-out fits your engagements for: ${labels(a.needingJudgement)}. The carve-outs are listed under exemptions in GET /v1/eligibility/services and apply only to the engagements they describe.`,
    );
  }
  for (const service of a.unusual) {
    const usualProviders = service.professions.map((p) => PROFESSION_NAMES[p]).join(', ');
    actions.push(
      `'${service.service_key}' is usually provided by ${usualProviders}; it is regulated whoever provides it, so confirm it describes what you do.`,
    );
  }
  if (a.notDesignated.length > 0) {
    actions.push(`Not designated services, so they do not by themselves require enrolment: ${labels(a.notDesignated)}.`);
  }
  return actions;
}
