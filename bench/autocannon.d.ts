/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    type Options = {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** Stop after this many requests in all (instead of after `duration`). */
      amount?: number;
      /** Seconds before a request without an answer counts as an error (default 10). */
      timeout?: number;
      /**
       * Each connection sends these in turn, over and over; a `setupRequest` rebuilds the request
       * each time (it may change its headers and body).
       */
      requests?: {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        setupRequest?: (request: TRequest) => TRequest;
        /** Called with each answer as it arrives. */
        onResponse?: (status: number, body: string) => void;
      }[];
    };
    type TRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Result = {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number; average: number; max: number };
      non2xx: number;
      errors: number;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
