// The node arguments `npm start` runs the production server with (package.json): the test
// harnesses start exactly what production runs, the bundle `npm run build` made.
export const SERVER_ARGS = ["--max-old-space-size=256", ".next/server.mjs"];
