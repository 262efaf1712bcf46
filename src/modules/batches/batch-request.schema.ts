/** The batch request (spec: Batch job): 1 to 100 scan items and an optional HTTPS webhook URL. */
import { z } from '../../schemas/zod';
import { BatchItemSchema } from '../screening/scan-request.schema';

export const MAX_BATCH_ENTITIES = 100;

export const BatchRequestSchema = z
  .object({
    entities: z.array(BatchItemSchema).min(1).max(MAX_BATCH_ENTITIES),
    webhook_url: z
      .url({ protocol: /^https$/, message: 'must be an absolute https URL' })
      .max(2048)
      .nullable()
      .optional()
      .openapi({ example: 'https://hooks.example.com.au/compliance', description: 'Receives `batch.completed`, signed with your webhook secret.' }),
  })
  .strict()
  .openapi('BatchRequest');

export type BatchRequest = z.output<typeof BatchRequestSchema>;
