// Default settings on purpose (and a config of its own: Next looks for one up the tree, and
// would otherwise take the app's).
export default {};
