// The one contract between the browser and the server: socket event names and payloads,
// defined once as zod schemas on the engine's own vocabulary (engine/index.ts: Point, Stone,
// Color, Rule, Score, board sizes, algorithms). The server parses every inbound payload with
// these; pages import the inferred types. Which event takes which payload and answers with which
// acknowledgement: lib/shared/contract. Browser-safe: no Node APIs here.
//
// This file is the face: the parts are lib/shared/protocol/ (schemas: the vocabulary and the
// inbound payloads; views: what the server sends; errors: codes and acknowledgements; events: the
// names and the server's events). Import from here.
export type { Point } from "../../engine";

export type { Assert, Same } from "./protocol/assert";

export * from "./protocol/schemas";
export * from "./protocol/views";
export * from "./protocol/errors";
export * from "./protocol/events";

// What each client event takes and answers, and socket.io's client → server side derived from it:
// lib/shared/contract (it imports from here, so it is not re-exported: no circle).
