export * from './roles';
export * from './locale';
export * from './money';
export * from './input';
export * from './notifications';
export * from './errors';
export * from './content';
