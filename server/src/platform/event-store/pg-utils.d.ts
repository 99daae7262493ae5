// pg's value preparation and escaping, the functions the driver itself uses (not in @types/pg).
declare module 'pg/lib/utils.js' {
  const utils: {
    prepareValue(value: unknown): unknown;
    escapeLiteral(value: string): string;
  };
  export default utils;
}
