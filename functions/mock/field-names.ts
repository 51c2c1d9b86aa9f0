/**
 * What kind of value a field holds, guessed from its name (spec section 5: an untyped field named like name, ip,
 * url, date, time or email gets such a value). Names are split into words whatever their style (`createdAt`,
 * `created_at`, `CREATED-AT`, `headImgUrl`), and the last word decides, with the words before it to tell
 * `fileName` from `userName` or `ipAddress` from `address`.
 */
export type FieldKind =
  | 'id'
  | 'uuid'
  | 'email'
  | 'username'
  | 'nickname'
  | 'password'
  | 'avatar'
  | 'image'
  | 'url'
  | 'domain'
  | 'ip'
  | 'ipv6'
  | 'mac'
  | 'phone'
  | 'address'
  | 'province'
  | 'city'
  | 'district'
  | 'country'
  | 'street'
  | 'zip'
  | 'latitude'
  | 'longitude'
  | 'date'
  | 'time'
  | 'datetime'
  | 'timestamp'
  | 'year'
  | 'month'
  | 'day'
  | 'hour'
  | 'minute'
  | 'second'
  | 'fullName'
  | 'firstName'
  | 'lastName'
  | 'title'
  | 'sentence'
  | 'paragraph'
  | 'gender'
  | 'color'
  | 'token'
  | 'version'
  | 'userAgent'
  | 'currency'
  | 'company'
  | 'product'
  | 'jobTitle'
  | 'fileName'
  | 'filePath'
  | 'fileExt'
  | 'mimeType'
  | 'code'
  | 'status'
  | 'tag'
  | 'price'
  | 'count'
  | 'age'
  | 'page'
  | 'pageSize'
  | 'offset'
  | 'percent'
  | 'rate'
  | 'flag'
  | 'unknown';

export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.toLowerCase())
    .filter(Boolean);
}

/** `images` -> `image`, `categories` -> `category`, `addresses` -> `address`: array items are named in the singular. */
export function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

const kindsByWord = (entries: [FieldKind, string[]][]) => new Map(entries.flatMap(([kind, words]) => words.map((w) => [w, kind] as const)));

/** Whole names (words run together) that mean one thing wherever they appear. */
const WHOLE_NAMES = kindsByWord([
  ['username', ['username', 'loginname', 'account', 'login', 'accountname']],
  ['nickname', ['nickname', 'nick', 'displayname']],
  ['avatar', ['avatar', 'avatarurl', 'headimg', 'headimgurl', 'headimage', 'portrait', 'headurl']],
  ['ipv6', ['ipv6']],
  ['ip', ['ip', 'ipv4', 'ipaddress', 'ipaddr', 'clientip', 'serverip', 'remoteip']],
  ['mac', ['mac', 'macaddress', 'macaddr']],
  ['email', ['email', 'mail', 'emailaddress']],
  ['userAgent', ['useragent', 'ua']],
  ['fileName', ['filename', 'file']],
  ['filePath', ['filepath', 'path', 'dir', 'directory']],
  ['mimeType', ['mimetype', 'contenttype', 'mime']],
  ['jobTitle', ['jobtitle', 'job', 'position', 'occupation']],
  ['pageSize', ['pagesize', 'perpage', 'limit', 'size', 'rows']],
  ['page', ['page', 'pageno', 'pagenum', 'pagenumber', 'pageindex', 'current', 'currentpage']],
  ['datetime', ['datetime', 'gmtcreate', 'gmtmodified', 'createtime', 'updatetime', 'modifytime', 'deletetime']],
  ['zip', ['zip', 'zipcode', 'postcode', 'postalcode']],
]);

/** Last words, when the whole name says nothing more specific. */
const LAST_WORDS = kindsByWord([
  ['id', ['id', 'no', 'pk', 'key']],
  ['uuid', ['uuid', 'guid']],
  ['email', ['email', 'mail']],
  ['password', ['password', 'pwd', 'passwd', 'secret']],
  ['avatar', ['avatar', 'portrait']],
  ['image', ['image', 'img', 'picture', 'pic', 'photo', 'cover', 'thumbnail', 'thumb', 'logo', 'icon', 'banner', 'poster']],
  ['url', ['url', 'link', 'href', 'uri', 'website', 'homepage', 'site']],
  ['domain', ['domain', 'host', 'hostname']],
  ['ip', ['ip']],
  ['phone', ['phone', 'mobile', 'tel', 'telephone', 'cellphone', 'fax']],
  ['address', ['address', 'addr', 'location']],
  ['province', ['province', 'state']],
  ['city', ['city']],
  ['district', ['district', 'county', 'area', 'region']],
  ['country', ['country', 'nation']],
  ['street', ['street']],
  ['latitude', ['lat', 'latitude']],
  ['longitude', ['lng', 'lon', 'long', 'longitude']],
  ['date', ['date', 'birthday', 'birthdate', 'birth']],
  ['timestamp', ['timestamp', 'ts']],
  ['year', ['year']],
  ['month', ['month']],
  ['day', ['day']],
  ['hour', ['hour']],
  ['minute', ['minute']],
  ['second', ['second']],
  ['title', ['title', 'subject', 'headline', 'caption', 'label', 'topic']],
  [
    'sentence',
    [
      'description',
      'desc',
      'summary',
      'intro',
      'introduction',
      'remark',
      'remarks',
      'comment',
      'note',
      'notes',
      'bio',
      'message',
      'msg',
      'reason',
      'tip',
      'hint',
      'slogan',
    ],
  ],
  ['paragraph', ['content', 'detail', 'details', 'body', 'text', 'article']],
  ['gender', ['gender', 'sex']],
  ['color', ['color', 'colour']],
  ['token', ['token', 'jwt', 'ticket', 'signature', 'sign']],
  ['version', ['version', 'ver']],
  ['currency', ['currency']],
  ['company', ['company', 'corp', 'corporation', 'organization', 'organisation', 'org', 'shop', 'store', 'brand', 'vendor']],
  ['product', ['product', 'goods', 'item', 'sku']],
  ['fileExt', ['ext', 'extension', 'suffix']],
  ['code', ['code', 'errcode', 'errorcode']],
  ['status', ['status', 'type', 'level', 'rank', 'priority', 'kind', 'category', 'mode', 'role']],
  ['tag', ['tag', 'keyword', 'word']],
  ['price', ['price', 'amount', 'cost', 'fee', 'balance', 'salary', 'money', 'payment', 'income', 'discount']],
  [
    'count',
    [
      'count',
      'total',
      'num',
      'number',
      'quantity',
      'qty',
      'stock',
      'sales',
      'views',
      'likes',
      'size',
      'length',
      'width',
      'height',
      'weight',
      'duration',
      'sort',
      'order',
      'index',
      'seq',
    ],
  ],
  ['age', ['age']],
  ['offset', ['offset', 'skip']],
  ['percent', ['percent', 'percentage', 'progress', 'score']],
  ['rate', ['rate', 'ratio']],
  ['flag', ['enabled', 'disabled', 'deleted', 'active', 'visible', 'success', 'ok', 'valid', 'checked', 'selected', 'locked', 'flag']],
]);

/** `xxxName`: the words before `name` say whose name it is. */
const NAME_OWNERS = kindsByWord([
  ['username', ['user', 'login', 'account']],
  ['nickname', ['nick', 'display']],
  ['fileName', ['file']],
  ['product', ['product', 'goods', 'item', 'sku']],
  ['company', ['company', 'corp', 'org', 'organization', 'shop', 'store', 'brand', 'vendor']],
  ['city', ['city']],
  ['province', ['province', 'state']],
  ['country', ['country']],
  ['firstName', ['first', 'given']],
  ['lastName', ['last', 'family', 'sur']],
  [
    'fullName',
    [
      'real',
      'full',
      'true',
      'contact',
      'customer',
      'author',
      'owner',
      'creator',
      'person',
      'receiver',
      'sender',
      'teacher',
      'student',
      'member',
      'manager',
      'operator',
      'editor',
      'buyer',
      'seller',
    ],
  ],
]);

export function fieldKind(name: string): FieldKind {
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (last === undefined) return 'unknown';
  const whole = WHOLE_NAMES.get(words.join(''));
  if (whole) return whole;
  if (last === 'name') {
    const owner = words.length > 1 ? NAME_OWNERS.get(words[words.length - 2]!) : 'fullName';
    return owner ?? (words.length > 1 ? 'title' : 'fullName');
  }
  if (last === 'at' && words.length > 1) return 'datetime';
  // `createdAt`, `update_time`, `expireTime`: a moment; a bare `time` is a time of day.
  if (last === 'time') return words.length > 1 ? 'datetime' : 'time';
  if (words.length > 1 && (last === 'address' || last === 'addr') && WHOLE_NAMES.get(words.slice(-2).join(''))) {
    return WHOLE_NAMES.get(words.slice(-2).join(''))!;
  }
  if (last === 'url' && words.some((w) => w === 'avatar' || w === 'head')) return 'avatar';
  if (
    last === 'url' &&
    words.some(
      (w) =>
        w === 'image' || w === 'img' || w === 'pic' || w === 'picture' || w === 'photo' || w === 'cover' || w === 'logo' || w === 'icon',
    )
  )
    return 'image';
  if (words[0] === 'is' || words[0] === 'has' || words[0] === 'can' || words[0] === 'should' || words[0] === 'allow') return 'flag';
  return LAST_WORDS.get(last) ?? LAST_WORDS.get(singular(last)) ?? 'unknown';
}
