// Temporary: the model helpers moved to src/machines/model.ts (the QA tools use them too).
export * from '../src/machines/model';
