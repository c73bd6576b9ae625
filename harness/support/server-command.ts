// The node arguments `npm start` runs the production server with (package.json): the test
// harnesses start exactly what production runs, the bundle `npm run build` made. The heap cap
// bounds the server's memory; a lower cap only makes V8 collect more often for no saving
// (docs/performance.md has the runs that chose it).
export const SERVER_ARGS = ["--max-old-space-size=384", ".next/server.mjs"];
