import { qaRuntime } from './runtime';

/** The QA runtime where QA tools exist (demo and development builds); null in production, where it is dropped. */
export const qa = import.meta.env.VITE_MOCKS === 'true' ? qaRuntime : null;
