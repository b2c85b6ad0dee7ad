/** The one error type handlers throw: the central handler shapes it as `{message, detail?}`. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly detail?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const badRequest = (message: string, detail?: string) => new AppError(400, message, detail);
