/**
 * Errors of the eligibility check. A service key the catalogue does not know is a caller mistake the
 * engine cannot guess around (a typo would otherwise read as "not designated" and wrongly tell the caller
 * they need not enrol), so it is refused with the exact items at fault.
 */
import { ValidationError } from '../../errors';

/** One offending entry of `services_offered`: its position in the request array and the key sent. */
export interface UnknownServiceKey {
  index: number;
  service_key: string;
}

/**
 * Raised by `checkEligibility` when `services_offered` holds keys that are not in the catalogue. It is a
 * `ValidationError` (422) whose issues point at each offending item, `loc: ["body", "services_offered", i]`,
 * so the HTTP error middleware answers it like any other validation failure; callers that are not HTTP
 * (agent jobs) read `unknownKeys`.
 */
export class UnknownServiceKeysError extends ValidationError {
  constructor(readonly unknownKeys: readonly UnknownServiceKey[]) {
    super(
      unknownKeys.map(({ index, service_key }) => ({
        loc: ['body', 'services_offered', index],
        msg: `Unknown service key '${service_key}': use a service_key from GET /v1/eligibility/services`,
        type: 'unknown_service_key',
      })),
    );
    this.name = 'UnknownServiceKeysError';
  }
}
