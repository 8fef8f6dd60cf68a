import { loadedPresenter, resolveBuiltinViews } from './manifests.js';
import type { Presenter } from './manifest.js';

// the report reads presenters synchronously: load the built-in probes' (not their measuring code) once
await resolveBuiltinViews();

/** The presenter of a probe by name; undefined for a probe this slant does not know (results from a newer version). */
export const presenterOf = (name: string): Presenter | undefined => loadedPresenter(name);
