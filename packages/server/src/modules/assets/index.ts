// Public surface of the assets module: its routes, the register's self-check (the tests' invariant and the
// operator's verify command), and the services the demo seed builds its assets with.
export { assetsRoutes } from './assets.routes.ts';
export { verifyAssets, type AssetDifference } from './verify-assets.ts';
export { registerAsset } from './register-asset.ts';
export { buyAssets } from './buy-assets.ts';
export { postDepreciation, reverseRun } from './depreciation.ts';
export { disposeAsset, transferAsset } from './dispose-transfer.ts';
export { listCategories } from './categories.ts';
export { ASSET_PURCHASE_SOURCE_TYPE, ASSET_DEPRECIATION_SOURCE_TYPE, ASSET_DISPOSAL_SOURCE_TYPE, ASSET_REGISTER_SOURCE_TYPE } from './assets-common.ts';
