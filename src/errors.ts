/**
 * Typed application errors. Code throws these; one middleware maps them to the spec's shapes
 * (`{"detail": "..."}`, or the 422 list), so no route formats an error by hand.
 */

/** One entry of a 422 body: where (`body`/`query`/`path` then the field path), what, and a machine type. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly headers: Record<string, string> = {},
    /** Extra top-level fields of the body (e.g. OAuth's `error`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get detail(): string {
    return this.message;
  }
}

export class ValidationError extends AppError {
  constructor(readonly issues: ValidationIssue[]) {
    super(422, 'validation_error', issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.name = 'ValidationError';
  }
}

export class NotFoundError extends AppError {
  constructor(detail = 'Not found') {
    super(404, 'not_found', detail);
    this.name = 'NotFoundError';
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(detail: string) {
    super(415, 'unsupported_media_type', detail);
    this.name = 'UnsupportedMediaTypeError';
  }
}

export class NotImplementedError extends AppError {
  constructor(detail: string) {
    super(501, 'not_implemented', detail);
    this.name = 'NotImplementedError';
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(detail: string) {
    super(503, 'service_unavailable', detail);
    this.name = 'ServiceUnavailableError';
  }
}
