import { exitOnError, prepare, serve } from './boot';
import { loadConfig } from './config';

const config = loadConfig();
prepare(config)
  .then(() => serve(config))
  .catch(exitOnError);
