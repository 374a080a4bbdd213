// The wiki's screens as the app composes them (see FeatureModule): its pages are the wiki
// (pages/wiki*.tsx); the handbooks' list offers the wiki beside it.
import type { FeatureModule } from '../../components/resource/module-parts.tsx';

const textnotesModule: FeatureModule = { kind: 'textnotes' };

export default textnotesModule;
