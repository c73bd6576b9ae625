/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // pg and its COPY stream are Node-only; keep them out of the bundle.
  serverExternalPackages: ["pg", "pg-copy-streams", "@prisma/adapter-pg"],
};

export default nextConfig;
