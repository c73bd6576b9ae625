/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // next dev would log full URLs, and a caller may paste a key into a query string.
  logging: { incomingRequests: false },
  // pg and its COPY stream are Node-only; keep them out of the bundle.
  serverExternalPackages: ["pg", "pg-copy-streams", "@prisma/adapter-pg"],
};

export default nextConfig;
