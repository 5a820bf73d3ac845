/** An error a route throws to answer with its status code and a plain message (the error handler in app.ts sends it). */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) { super(message); }
}
