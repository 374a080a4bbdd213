// The disk's screens as the app composes them (see FeatureModule): the disk itself is its page
// (pages/disk-index.tsx); it adds nothing to the generic lists or the dashboard.
import type { FeatureModule } from '../../components/resource/module-parts.tsx';

const rdiskModule: FeatureModule = { kind: 'rdisk' };

export default rdiskModule;
