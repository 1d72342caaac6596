import { z } from "zod";
import { parseProxyTrust, type ProxyTrust } from "./http/proxy-trust";

/**
 * Environment configuration, validated once at start-up. Every variable is optional for
 * `npm start`; a value that is present but wrong stops the process with a message that
 * names each bad variable. Empty strings count as unset (as in most `.env` files).
 */
const optionalString = z.string().min(1).optional();

const isOrigin = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;
  } catch {
    return false;
  }
};

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** Unset: every interface, IPv6 and IPv4 alike (IPv4 only where IPv6 is off). */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  /** More origins whose pages may call the API (comma-separated), e.g. a second domain. */
  ALLOWED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isOrigin, "must be origins like https://example.com")))
    .default([]),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATABASE_URL: z
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// URL")
    .optional(),
  REDIS_URL: z
    .url()
    .refine((v) => /^rediss?:\/\//.test(v), "must be a redis:// URL")
    .optional(),
  /** Prepended to every Redis key and pub/sub channel, so deployments can share a Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default("chatsphere:"),
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("ChatSphere <no-reply@chatsphere.local>"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  ADS_CLIENT: optionalString,
  ADS_SLOT: optionalString,
  /** The analytics script (loaded on every page); its origin is the admin's analytics link. */
  ANALYTICS_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  /** An S3-compatible bucket for uploaded files instead of DATA_DIR/files (see S3_NAMES). */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)")
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx): ProxyTrust => {
      const trust = parseProxyTrust(value);
      if (typeof trust !== "string") return trust;
      ctx.addIssue({
        code: "custom",
        message: `false, true, a hop count, or proxy addresses: ${trust}`,
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * Multiplies every rate limit (decision 0015). Only for load tests, whose few clients each
   * do what thousands of people would: the limiter still runs, it just refuses later.
   */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  /**
   * How often each process writes the dashboard's activity tallies, in milliseconds (also
   * written when it stops). Only for tests, which wait for a write: shorter means more writes.
   */
  ACTIVITY_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
});

export type Env = z.infer<typeof envSchema>;

/** The bucket uploads go to when every S3_* variable is set (S3_REGION has a default). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config extends Env {
  /** `PUBLIC_URL` without a trailing slash, or null: the site is wherever it is opened. */
  publicUrl: string | null;
  /** null: files on local disk. */
  s3: S3Settings | null;
}

const S3_NAMES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** A bucket configured by halves would silently keep files on one machine's disk. */
function missingS3Names(env: Env) {
  const missing = S3_NAMES.filter((name) => !env[name]);
  if (missing.length === S3_NAMES.length) return [];
  const message = "needed with the other S3_* variables: set all four, or none";
  return missing.map((variable) => ({ variable, message }));
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `Invalid environment variables: ${issues.map((i) => `${i.variable} (${i.message})`).join(", ")}`,
    );
    this.name = "ConfigError";
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => {
      const value = source[key];
      return [key, value === undefined || value.trim() === "" ? undefined : value];
    }),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const env = parsed.data;
  const pairs: [string, string | undefined, string | undefined][] = [
    ["GOOGLE", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ["FACEBOOK", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
  ];
  const halfSet = pairs
    .filter(([, id, secret]) => Boolean(id) !== Boolean(secret))
    .map(([name, id]) => ({
      variable: id ? `${name}_CLIENT_SECRET` : `${name}_CLIENT_ID`,
      message: `set both ${name}_CLIENT_ID and ${name}_CLIENT_SECRET, or neither`,
    }));
  if (Boolean(env.ADS_CLIENT) !== Boolean(env.ADS_SLOT)) {
    halfSet.push({
      variable: env.ADS_CLIENT ? "ADS_SLOT" : "ADS_CLIENT",
      message: "set both ADS_CLIENT and ADS_SLOT, or neither",
    });
  }
  halfSet.push(...missingS3Names(env));
  if (halfSet.length > 0) throw new ConfigError(halfSet);

  if (env.SMTP_URL && !env.PUBLIC_URL) {
    // Mail links would otherwise take the Host header of whoever asked for the mail, and an
    // attacker could send a victim a reset link to their own site (decision 0014).
    throw new ConfigError([
      { variable: "PUBLIC_URL", message: "set it when SMTP_URL is set: mailed links use it" },
    ]);
  }
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : null;
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region } = env;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const s3 =
    endpoint && bucket && accessKeyId && secretAccessKey
      ? { endpoint, bucket, region, accessKeyId, secretAccessKey }
      : null;
  return { ...env, publicUrl, s3 };
}
