/** Endpoints 2 and 3: run a full scan, and fetch a stored scan exactly as it was first returned. */
import type { LowCreditNotifier } from '../../../modules/credits/low-credit';
import { BalanceHints, createPaidScan } from '../../../modules/credits/paid-scan';
import type { ScanService } from '../../../modules/screening/scan.service';
import { FullScanRequestSchema } from '../../../modules/screening/scan-request.schema';
import type { AppContext } from '../../context';
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';
import { parseInput } from '../../validation';
import { IdempotencyKeyHeaders, ScanIdParams, ScanResponseSchema } from './scans.schema';

function sendStoredJson(ctx: AppContext, body: string): void {
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
}

/** `lowCredit` announces a debit that crossed a low-credit threshold, after it committed. */
export function scanRoutes(scans: ScanService, charging: boolean, lowCredit?: LowCreditNotifier) {
  const hints = new BalanceHints();
  return [
    defineRoute({
      method: 'post',
      path: '/v1/scans/full',
      summary: 'Screen a person or organisation against sanctions and PEP lists, with an AML risk assessment',
      description:
        'Screens the name against every loaded list, applies the date-of-birth, gender, nationality and country filters, assesses risk, and stores the scan permanently. Send an `Idempotency-Key` header to make retries safe: the same key and body return the first scan (`Idempotent-Replayed: true`).',
      tags: ['Scans'],
      access: { kind: 'bearer', scope: 'scans:write' },
      request: { body: FullScanRequestSchema },
      responses: {
        200: { description: 'The stored scan', schema: ScanResponseSchema },
        402: {
          description:
            'Not enough credits (free checks used): decided before screening, so nothing was screened, stored or charged. In the rare case that other requests of the account spent the last credits while this one was screened, the detail says so: the result was discarded, nothing stored or charged.',
          schema: ErrorBody,
        },
        409: { description: 'Idempotency-Key reused with a different body', schema: ErrorBody },
        ...commonErrors,
      },
      handler: async (ctx, { body }) => {
        const header = ctx.get('Idempotency-Key');
        const idempotencyKey = header ? parseInput('header', IdempotencyKeyHeaders, { 'Idempotency-Key': header })['Idempotency-Key'] : undefined;
        const caller = callerOf(ctx);
        const scan = await createPaidScan(ctx.state, scans, charging, { owner: caller, plan: caller.plan, request: body, idempotencyKey }, lowCredit, hints);
        if (scan.replayed) ctx.set('Idempotent-Replayed', 'true');
        sendStoredJson(ctx, scan.body);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/scans/{scan_id}',
      summary: 'A stored scan, byte for byte as first returned (no re-execution, no re-billing)',
      tags: ['Scans'],
      access: { kind: 'bearer', scope: 'scans:read' },
      request: { params: ScanIdParams },
      responses: { 200: { description: 'The stored scan', schema: ScanResponseSchema }, 404: { description: 'No such scan for this account', schema: ErrorBody }, ...commonErrors },
      handler: async (ctx, { params }) => {
        sendStoredJson(ctx, await scans.get(ctx.state.db, callerOf(ctx), params.scan_id));
      },
    }),
  ];
}
