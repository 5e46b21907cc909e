// `findBy…` and `waitFor` give up after one second by default, which a busy machine can spend on one
// Semi render: they wait for a condition, so a long ceiling costs a passing test nothing.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20000 });
