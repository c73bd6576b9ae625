import { devOrigins } from "./scripts/dev-origins.mjs";

/** @type {import('next').NextConfig} */

// Also in lib/api/security-headers.ts (COMMON_SECURITY_HEADERS, API_CSP), for answers that
// server.ts gives before Next sees a request.
const common = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

const nextConfig = {
  poweredByHeader: false,
  // Development mode serves its scripts and HMR only to these hosts: every address it answers on.
  allowedDevOrigins: devOrigins(),
  // The proxy (proxy.ts, pages only) would buffer up to 10 MB of a body; pages take none, and
  // lib/api/app-server.ts refuses bodies on pages before Next sees them: this bounds Next run any other way as well.
  experimental: { proxyClientMaxBodySize: "16kb" },
  // Development mode would log full URLs, and a caller may paste a key into a query string.
  logging: { incomingRequests: false },
  // pg and its COPY stream are Node-only; keep them out of the bundle.
  serverExternalPackages: ["pg", "pg-copy-streams", "@prisma/adapter-pg"],
  async headers() {
    return [
      { source: "/:path*", headers: common },
      // The confirmation page must not leak its URL anywhere; elsewhere the origin is enough.
      {
        source: "/((?!keys/confirm).*)",
        headers: [{ key: "Referrer-Policy", value: "strict-origin-when-cross-origin" }],
      },
      { source: "/keys/confirm", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      {
        source: "/(v1|api)/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
      {
        source: "/openapi.json",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default nextConfig;
