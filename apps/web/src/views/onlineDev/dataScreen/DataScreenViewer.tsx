import {
  DATA_SCREEN_HEIGHT,
  DATA_SCREEN_WIDTH,
  type DataScreenView,
  dataScreenFit,
  isDataScreenDatasetWidget,
} from '@srm/contracts/core';
import { QueryClientProvider, useQueries, useQuery } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider, Result, Spin } from 'antd';
import { type CSSProperties, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { queryClient } from '../../../api/queryClient';
import { httpHooks } from '../../../api/request';
import { ChartTheme } from '../../../components/chart';
import { useAppStore } from '../../../store/settings';
import { modelName } from '../../systemData/dataModel/model-form';
import { MapSource } from '../../systemData/map/api';
import { dataScreenApi } from './api';
import { ViewerError, viewerApi, viewerToken } from './viewer-api';
import { captionOf, SCREEN_WIDGETS } from './widgets';
import '../../home/home.css';
import '../visualPortal/visualPortal.css';
import './dataScreen.css';

type Opening = { state: 'opening' } | { state: 'open'; token: string } | { state: 'failed'; message: string };

/**
 * Gets the viewer token of screen `id`: the address's view token spent for one (then dropped from
 * the address), else the one this tab kept, else — opened from a link of the app in a browser
 * signed in here — a view token asked with that session. Without any: the screen says to open it
 * from the menu.
 */
function useViewerToken(id: string): Opening {
  const [opening, setOpening] = useState<Opening>({ state: 'opening' });
  useEffect(() => {
    let current = true;
    const fail = (error: unknown) => {
      if (current) setOpening({ state: 'failed', message: error instanceof Error ? error.message : '' });
    };
    const spend = (token: string) =>
      viewerApi.open(id, token).then((opened) => {
        viewerToken.set(id, opened.viewerToken, opened.expiresAt);
        queryClient.setQueryData(['dataScreenView', id], opened.screen);
        if (current) setOpening({ state: 'open', token: opened.viewerToken });
      });
    const params = new URLSearchParams(window.location.search);
    const fromAddress = params.get('token');
    if (fromAddress) {
      // Spent once: the address keeps no token (history, a copied link, a reload).
      params.delete('token');
      const rest = params.toString();
      window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
      spend(fromAddress).catch(fail);
    } else {
      const kept = viewerToken.get(id);
      if (kept) setOpening({ state: 'open', token: kept });
      else if (httpHooks.getToken())
        dataScreenApi
          .viewToken(id, true)
          .then((issued) => spend(issued.token))
          .catch(fail);
      else fail(new Error(''));
    }
    return () => {
      current = false;
    };
  }, [id]);
  return opening;
}

/** The window's size, followed. */
function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/**
 * The data screen viewer (`{visualisation base}/view/{id}`, outside the app's shell and session):
 * the 1920×1080 canvas scaled to the window keeping 16:9, letterboxed, in the screen's own theme.
 * The screen and its dataset widgets are read again every `refreshSeconds`.
 */
export default function DataScreenViewerPage() {
  const { id = '' } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <Viewer id={id} />
    </QueryClientProvider>
  );
}

function Viewer({ id }: { id: string }) {
  const { t } = useTranslation('dataScreen');
  const opening = useViewerToken(id);
  const token = opening.state === 'open' ? opening.token : '';
  const view = useQuery({
    queryKey: ['dataScreenView', id],
    queryFn: () => viewerApi.view(id, token),
    enabled: !!token,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.definition.refreshSeconds ?? 60) * 1000,
  });
  useEffect(() => {
    if (view.error instanceof ViewerError && view.error.code === 401) viewerToken.clear(id);
  }, [view.error, id]);
  if (opening.state === 'failed' || (view.error && !view.data)) {
    const message = opening.state === 'failed' ? opening.message : (view.error?.message ?? '');
    return (
      <main className="ds-viewer ds-viewer-message" data-testid="ds-viewer-failed">
        <Result
          status="warning"
          title={<h1 className="ds-message-title">{t('viewer.failed')}</h1>}
          subTitle={message || t('viewer.again')}
        />
      </main>
    );
  }
  if (!view.data)
    return (
      <main className="ds-viewer ds-viewer-message" aria-busy="true">
        <Spin size="large" />
        <p>{t('viewer.opening')}</p>
      </main>
    );
  return <ScreenCanvas screen={view.data} token={token} />;
}

function ScreenCanvas({ screen, token }: { screen: DataScreenView; token: string }) {
  const language = useAppStore((s) => s.language);
  const { definition } = screen;
  const size = useWindowSize();
  const fit = dataScreenFit(size.width, size.height);
  const interval = definition.refreshSeconds * 1000;
  const datasetWidgets = useMemo(
    () => definition.widgets.filter(isDataScreenDatasetWidget),
    [definition.widgets],
  );
  const rows = useQueries({
    queries: datasetWidgets.map((w) => ({
      queryKey: ['dataScreenView', screen.id, 'widget', w.id, w.datasetId, JSON.stringify(w.params)],
      queryFn: () => viewerApi.rows(screen.id, w.id, token),
      staleTime: 0,
      refetchInterval: interval,
    })),
  });
  const rowsOf = new Map(datasetWidgets.map((w, i) => [w.id, rows[i]]));
  // A map chart's regions, read with the viewer token too (the viewer has no session).
  const mapSource = useCallback(
    (mapId: string) => viewerApi.map(screen.id, mapId, token),
    [screen.id, token],
  );
  const name = modelName(language, screen.names);
  useEffect(() => {
    document.title = name;
  }, [name]);
  const dark = definition.theme === 'dark';
  const canvas = {
    width: DATA_SCREEN_WIDTH,
    height: DATA_SCREEN_HEIGHT,
    background: definition.background,
    transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})`,
  } as CSSProperties;
  return (
    <ConfigProvider theme={{ algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}>
      <ChartTheme.Provider value={definition.theme}>
        <MapSource.Provider value={mapSource}>
          <main
            className={`ds-viewer ds-theme-${definition.theme}`}
            data-theme={definition.theme}
            data-testid="ds-viewer"
          >
            <h1 className="srm-visually-hidden">{name}</h1>
            <div className="ds-canvas" style={canvas} data-testid="ds-canvas">
              {definition.widgets.map((w) => {
                const testId = `ds-widget-${w.id}`;
                const caption = captionOf(w, language);
                const place = { left: w.x, top: w.y, width: w.w, height: w.h } as CSSProperties;
                return (
                  <section
                    key={w.id}
                    className="ds-widget"
                    style={place}
                    data-type={w.type}
                    data-testid={testId}
                    aria-label={caption || undefined}
                  >
                    {caption && <h2 className="ds-caption">{caption}</h2>}
                    <div className={`ds-widget-body ds-body-${w.type}`}>
                      {SCREEN_WIDGETS[w.type].render(w, { testId, rows: rowsOf.get(w.id) })}
                    </div>
                  </section>
                );
              })}
            </div>
          </main>
        </MapSource.Provider>
      </ChartTheme.Provider>
    </ConfigProvider>
  );
}
