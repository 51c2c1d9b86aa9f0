/** Tag colours dark enough for white text at 4.5:1 (antd's preset success and gold tags are not). */
export const TAG = { ok: '#237804', info: '#0958d9', warn: '#ad4e00', bad: '#a8071a' } as const;

export const statusTag = (status: number) => (status < 300 ? TAG.ok : status < 400 ? TAG.info : status < 500 ? TAG.warn : TAG.bad);
