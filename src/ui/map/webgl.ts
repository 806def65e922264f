/**
 * What this browser can do for maplibre: 'hardware' WebGL, WebGL only in 'software' (no usable
 * GPU: SwiftShader, llvmpipe, Windows' basic renderer; remote desktops and virtual machines often
 * have no other), or 'none' (jsdom, some old or locked-down browsers), where the map shows its
 * fallback instead of a blank box.
 */
export type WebGLSupport = 'hardware' | 'software' | 'none';

let known: WebGLSupport | undefined;

/**
 * Asked once per page: the probe creates a context, which takes a second or more where WebGL is
 * rendered in software on a busy CPU, and the answer does not change.
 */
export function webGLSupport(): WebGLSupport {
  known ??= probeWebGL();
  return known;
}

const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer string names a software rasterizer rather than a GPU. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERER.test(renderer);
}

function probeWebGL(): WebGLSupport {
  if (typeof window === 'undefined') return 'none';
  if (typeof window.WebGL2RenderingContext === 'undefined' && typeof window.WebGLRenderingContext === 'undefined') return 'none';
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return 'none';
    // The unmasked name where the browser gives it (Chromium); otherwise RENDERER, which Firefox
    // fills with a sanitized name that still says llvmpipe or SwiftShader.
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return isSoftwareRenderer(renderer) ? 'software' : 'hardware';
  } catch {
    return 'none';
  }
}
