/** A refusal the client is told about as it is (the ack's `error`); anything else is logged and hidden. */
export class EdgeError extends Error {}
