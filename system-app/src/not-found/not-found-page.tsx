import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { navigate } from '@flexpay/shared-utility';

/** /404: unknown or forbidden paths land here (root-config guard). */
export function NotFoundPage() {
  return (
    <div data-testid="not-found" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <NonIdealState
        icon="search"
        title="404 页面不存在"
        description="抱歉，您访问的页面不存在、已被移除，或您没有访问权限。"
        action={
          <div style={{ display: 'flex', gap: 12 }}>
            <Button intent={Intent.PRIMARY} icon="home" text="返回首页" onClick={() => navigate('/')} />
            {window.history.length > 1 ? <Button icon="arrow-left" text="返回上一页" onClick={() => window.history.back()} /> : null}
          </div>
        }
      />
    </div>
  );
}
