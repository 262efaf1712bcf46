/**
 * History to and from proto JSON (the form the Temporal CLI and Web UI export), as the SDK's
 * `historyToJSON`/`historyFromJSON` (@temporalio/common/lib/proto-utils) do it. Those throw "type must be
 * a Type" in this install: @temporalio/common and @temporalio/proto each carry their own copy of
 * protobufjs 8 (the root holds protobufjs 7 for another dependency), so common's JSON extension does
 * not recognise proto's message types. Loading the extension from the copy @temporalio/proto uses
 * converts with the very types the SDK encodes histories with.
 */
import { createRequire } from 'node:module';
import type { History } from '@temporalio/common/lib/proto-utils';

interface ProtoJson {
  toJson(type: unknown, message: object): unknown;
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): object;
}

// Required as CommonJS, the way the SDK loads them (an ES namespace import hides the protobuf root), and
// the JSON extension from the protobufjs copy that built @temporalio/proto's types.
const requireHere = createRequire(__filename);
const proto = requireHere('@temporalio/proto') as typeof import('@temporalio/proto');
const { patchProtobufRoot } = requireHere('@temporalio/proto/lib/patch-protobuf-root') as typeof import('@temporalio/proto/lib/patch-protobuf-root');
const protojson = createRequire(requireHere.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType('temporal.api.history.v1.History');

/** A fetched history as proto JSON text, one field a line so a re-recording reads as a diff. */
export function historyToJson(history: History): string {
  return `${JSON.stringify(protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 1)}\n`;
}

/** Proto JSON back into the SDK's History; fields a newer server added are ignored, as the SDK does. */
export function historyFromJson(json: unknown): History {
  return protojson.fromJson(historyType, json, { ignoreUnknownFields: true }) as History;
}
