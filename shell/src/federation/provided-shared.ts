// Shared modules the shell provides to the remotes without rendering them itself. The build provides
// a shared module only where it meets an import of it, and the remotes must get the shell's copy (one
// copy of Semi's internals, so one locale and config context). A dynamic import provides it without
// downloading it: the module loads when a remote first asks for it, with its first form.

/** Semi's Form and its field types (`@flotilla/shared/ui/semi-forms`), loaded with the first form. */
export const loadSemiForms = () => import('@flotilla/shared/ui/semi-forms');
