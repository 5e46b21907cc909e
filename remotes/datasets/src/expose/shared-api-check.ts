// Imported first by every exposed module: refuses to start on a console whose shared is older than
// the one this remote was built against (see @flotilla/shared/version).
import * as runningShared from '@flotilla/shared';
import { requireSharedApi } from '@flotilla/shared/version';

requireSharedApi(runningShared);
