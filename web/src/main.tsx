import '@mantine/core/styles.css';
import './app/global.css';
import { bootApp } from './app/boot';
import { startSignInBeforeBoot } from './features/identity/sign-in-start';

// `/user/login` without an interaction only sends the browser to the provider: the app boots on
// the page it comes back to (issue 17), not on this one too.
void startSignInBeforeBoot().then(
  (isLeaving) => {
    if (!isLeaving) bootApp();
  },
  () => bootApp(),
);
