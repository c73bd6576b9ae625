// The node arguments `npm start` runs the production server with (package.json): the test
// harnesses start exactly what production runs, the bundle `npm run build` made. The heap cap:
// 256 MB made V8 collect more often for no saving (RSS stayed ~190 MB after npm run bench with
// 256 or 384; ~390 MB with no cap, the CPU per request about 5 % lower than at 256).
export const SERVER_ARGS = ["--max-old-space-size=384", ".next/server.mjs"];
