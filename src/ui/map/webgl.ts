let known: boolean | undefined;

/**
 * Whether this browser can create a WebGL context, which maplibre needs. jsdom and some old or
 * locked-down browsers cannot; they get the map's fallback instead of a blank box. Asked once per
 * page: the probe creates a context, which takes a second or more where WebGL is rendered in
 * software (SwiftShader in headless Chromium on a busy CPU), and the answer does not change.
 */
export function supportsWebGL(): boolean {
  known ??= probeWebGL();
  return known;
}

function probeWebGL(): boolean {
  if (typeof window === 'undefined') return false;
  if (typeof window.WebGL2RenderingContext === 'undefined' && typeof window.WebGLRenderingContext === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return gl != null;
  } catch {
    return false;
  }
}
