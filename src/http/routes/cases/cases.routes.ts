/** Endpoints 6 to 9: open a case from a scan, read it, log decisions, and the PDF report (plus its hashed JSON). */
import { caseIntegrityHash, caseIntegrityJson } from '../../../modules/cases/case-integrity';
import { renderCaseReport } from '../../../modules/cases/case-report.pdf';
import type { CaseService } from '../../../modules/cases/case.service';
import { attestReport } from '../../../modules/cases/report-attestation';
import type { SigningKeyStore } from '../../../modules/identity/signing-keys';
import type { AppContext } from '../../context';
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';
import { CaseIdParams, CaseSchema, CreateCaseRequestSchema, DecisionRequestSchema } from './cases.schema';

const notFound = { 404: { description: 'No such case (or scan) for this account', schema: ErrorBody } };

export function caseRoutes(cases: CaseService, keys: SigningKeyStore) {
  /** `X-Integrity-Hash`, and `X-Integrity-Signature`: our signed statement of the hash and the chain verdict. */
  const attest = async (ctx: AppContext, view: Awaited<ReturnType<CaseService['reportView']>>, hash: string) => {
    ctx.set('X-Integrity-Hash', `sha256=${hash}`);
    const valid = (view.record_problems ?? []).length === 0 && cases.chainIsWhole(view);
    ctx.set('X-Integrity-Signature', await attestReport(keys, { case_id: view.case.case_id, integrity_hash: hash, audit_chain_valid: valid }));
  };
  return [
    defineRoute({
      method: 'post',
      path: '/v1/cases',
      summary: 'Open a compliance case from a scan',
      tags: ['Cases'],
      access: { kind: 'bearer', scope: 'cases:write' },
      request: { body: CreateCaseRequestSchema },
      responses: { 201: { description: 'The new case, decision pending', schema: CaseSchema }, ...notFound, ...commonErrors },
      handler: async (ctx, { body }) => {
        ctx.status = 201;
        ctx.body = await cases.create(ctx.state.em, callerOf(ctx), { scanId: body.scan_id, reviewer: body.reviewer });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/cases/{case_id}',
      summary: 'A case with its full audit log, and whether the log verifies',
      tags: ['Cases'],
      access: { kind: 'bearer', scope: 'cases:read' },
      request: { params: CaseIdParams },
      responses: { 200: { description: 'The case', schema: CaseSchema }, ...notFound, ...commonErrors },
      handler: async (ctx, { params }) => {
        ctx.body = await cases.get(ctx.state.em, callerOf(ctx), params.case_id);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/cases/{case_id}/decision',
      summary: 'Log a decision (any decision, from any state); appended to the audit log',
      tags: ['Cases'],
      access: { kind: 'bearer', scope: 'cases:write' },
      request: { params: CaseIdParams, body: DecisionRequestSchema },
      responses: { 200: { description: 'The case after the decision', schema: CaseSchema }, ...notFound, ...commonErrors },
      handler: async (ctx, { params, body }) => {
        ctx.body = await cases.decide(ctx.state.em, callerOf(ctx), params.case_id, { decision: body.decision, reviewer: body.reviewer, notes: body.notes ?? null });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/cases/{case_id}/report',
      summary: 'The case report as a PDF, with the SHA-256 integrity hash on every page',
      description:
        'The hash is also sent as `X-Integrity-Hash`, and `X-Integrity-Signature` is our ES256 JWS of `{case_id, integrity_hash, audit_chain_valid, iat}`, verifiable with `/.well-known/jwks.json`; `GET /v1/cases/{case_id}/report.json` returns the exact canonical JSON the hash is computed over.',
      tags: ['Cases'],
      access: { kind: 'bearer', scope: 'reports:read' },
      request: { params: CaseIdParams },
      responses: { 200: { description: 'PDF report', contentType: 'application/pdf' }, ...notFound, ...commonErrors },
      handler: async (ctx, { params }) => {
        const view = await cases.reportView(ctx.state.em, callerOf(ctx), params.case_id);
        const hash = caseIntegrityHash(view);
        ctx.set('Content-Disposition', `attachment; filename="service-case-${params.case_id}.pdf"`);
        await attest(ctx as AppContext, view, hash);
        ctx.type = 'application/pdf';
        ctx.body = renderCaseReport(view, hash);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/cases/{case_id}/report.json',
      summary: 'The canonical JSON whose SHA-256 is the report integrity hash',
      tags: ['Cases'],
      access: { kind: 'bearer', scope: 'reports:read' },
      request: { params: CaseIdParams },
      responses: { 200: { description: 'Canonical JSON (keys sorted, no whitespace, UTF-8)' }, ...notFound, ...commonErrors },
      handler: async (ctx, { params }) => {
        const view = await cases.reportView(ctx.state.em, callerOf(ctx), params.case_id);
        await attest(ctx as AppContext, view, caseIntegrityHash(view));
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = caseIntegrityJson(view);
      },
    }),
  ];
}
