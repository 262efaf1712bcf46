/**
 * Names that are one name in other languages' forms, which no spelling rule can connect: the Ukrainian
 * and Belarusian forms of a Russian given name ("Volodymyr", "Uladzimir" / "Vladimir"; "Mykola" /
 * "Nikolai"; "Hennadiy" / "Gennady") and the Russian words of company names the lists also publish in
 * English ("zavod" / "plant", "byuro" / "bureau"). Sanctions lists name the same person in both forms
 * (DFAT follows Ukrainian spelling for Ukrainian nationals, OFAC often the Russian), so a screen that
 * only compares letters misses one of them.
 *
 * The groups come from the romanisation systems (BGN/PCGN Russian, the Ukrainian national system of
 * 2010, the Belarusian national system, and the German, Polish and Scandinavian transcriptions the UN
 * and DFAT lists also use) and the standard equivalents of East Slavic given names, not from the
 * evaluation set. Spellings that differ only by y/i/j, w/v, x/ks or a doubled letter need not be listed:
 * `variantFold` (name-variants.ts) folds those before a look-up. Patronymics are not listed either: they
 * are derived from these given names ("Mykolayovych" is "Nikolaevich").
 */

/** Men's given names: the first spelling of each group is its canonical form (used in keys). */
export const MALE_GIVEN_NAME_GROUPS: readonly (readonly string[])[] = [
  ['aleksandr', 'alexander', 'aleksander', 'oleksandr', 'oleksander', 'aliaksandr', 'aliaksandar', 'alyaksandr'],
  ['aleksei', 'oleksii', 'aliaksei', 'alyaksei', 'aleksiy'],
  ['anatoli', 'anatol'],
  ['andrei', 'andri', 'andrii'],
  ['arkadi'],
  ['artem', 'artiom', 'artsiom', 'artyom'],
  ['boris', 'borys', 'barys'],
  ['vadim', 'vadym', 'vadzim'],
  ['valentin', 'valentyn', 'valiantsin'],
  ['valeri', 'valeryi', 'valer'],
  ['vasili', 'vasyl', 'vasil', 'vassili', 'vasilii', 'vasily'],
  ['viktor', 'victor'],
  ['vitali', 'vitalii', 'vital'],
  ['vladimir', 'volodymyr', 'volodimir', 'uladzimir', 'vladzimir', 'uladzimer'],
  ['vladislav', 'vladyslav', 'uladzislau', 'uladzislav'],
  ['viacheslav', 'vyacheslav', 'viachaslau', 'vyachaslau', 'viatscheslav', 'viaceslav'],
  ['vsevolod', 'usevalad'],
  ['gennadi', 'gennady', 'hennadi', 'hennadii', 'genadz', 'henadz', 'gennadii'],
  ['georgi', 'heorhi', 'heorhii', 'georgii', 'heorhiy', 'yahor', 'iahor'],
  ['gleb', 'hlib', 'hleb'],
  ['grigori', 'grigorii', 'hryhori', 'hryhorii', 'ryhor'],
  ['danil', 'danila', 'danylo', 'daniil'],
  ['denis', 'denys', 'dzianis'],
  ['dmitri', 'dmitrii', 'dmytro', 'dzmitri', 'dimitri', 'dmitro'],
  ['evgeni', 'evgenii', 'yevgeni', 'yevgenii', 'ievgeni', 'ievgenii', 'yevhen', 'ievhen', 'yevhenii', 'yauhen', 'iauhen', 'yauheni', 'jevgeni', 'evhen'],
  ['egor', 'yegor', 'iegor', 'yehor', 'iehor'],
  ['efim', 'yefim', 'iefim', 'yukhym', 'iukhym', 'jefim'],
  ['zakhar', 'zahar'],
  ['ivan', 'ivane'],
  ['igor', 'ihor', 'ihar'],
  ['ilya', 'ilia', 'illia', 'illya', 'ilja'],
  ['iosif', 'yosyp', 'osip', 'iosip', 'josif', 'yosif'],
  ['kirill', 'kiril', 'kyrylo', 'kirilo', 'kiryl', 'kiryla'],
  ['konstantin', 'kostiantyn', 'kostyantyn', 'konstiantyn', 'kanstantsin', 'konstantyn'],
  ['leonid', 'leanid'],
  ['maksim', 'maksym', 'maxim', 'maksimilian'],
  ['matvei', 'matvii', 'matvey', 'matviy'],
  ['mikhail', 'mykhailo', 'mykhaylo', 'mikhailo', 'mihail', 'mihailo', 'mihajlo', 'michail', 'mikhal', 'mikhas'],
  ['nikita', 'mykyta', 'mikita'],
  ['nikolai', 'mykola', 'mikola', 'mikalai', 'nicolai', 'nikolaj'],
  ['oleg', 'oleh', 'aleh'],
  ['pavel', 'pavlo', 'paval', 'pawel'],
  ['petr', 'pyotr', 'petro', 'piotr', 'piatro', 'pyatro', 'pjotr'],
  ['roman'],
  ['rostislav', 'rostyslav', 'rastsislau'],
  ['semen', 'semyon', 'semion', 'siamion'],
  ['sergei', 'sergey', 'serhii', 'serhiy', 'serhi', 'sergii', 'sergiy', 'siarhei', 'serguei', 'serhei'],
  ['sviatoslav', 'svyatoslav', 'sviataslau'],
  ['stanislav', 'stanislau', 'stanislaw'],
  ['stepan', 'sciapan', 'stsiapan'],
  ['timur', 'tymur', 'tsimur'],
  ['fedor', 'fyodor', 'fiodor', 'fedir', 'fiodar', 'fjodor', 'feodor'],
  ['yuri', 'iuri', 'iurii', 'yurii', 'yury', 'jurij', 'juri', 'jury', 'yurij'],
  ['yakov', 'iakov', 'yakiv', 'iakiv', 'jakov', 'yakau'],
  ['yaroslav', 'iaroslav', 'jaroslav', 'iaraslau', 'yaraslau'],
  ['genrikh', 'henrikh', 'genrih', 'henrih'],
  ['eduard', 'edvard'],
  ['arseni', 'arsenii'],
];

/** Women's given names (their own groups: "Aleksandra" is not "Aleksandr"). */
export const FEMALE_GIVEN_NAME_GROUPS: readonly (readonly string[])[] = [
  ['aleksandra', 'alexandra', 'oleksandra', 'aliaksandra', 'alyaksandra'],
  ['anastasia', 'anastasiia', 'anastasiya', 'nastassia', 'anastassia'],
  ['anna', 'hanna', 'ganna'],
  ['valentina', 'valentyna', 'valiantsina'],
  ['galina', 'halyna', 'halina'],
  ['daria', 'darya', 'dariya', 'dariia', 'darja'],
  ['ekaterina', 'yekaterina', 'iekaterina', 'kateryna', 'katerina', 'katsiaryna', 'jekaterina', 'yekateryna'],
  ['elena', 'yelena', 'ielena', 'olena', 'alena', 'alyona', 'aliona', 'jelena'],
  ['elizaveta', 'yelizaveta', 'yelyzaveta', 'ielizaveta', 'alizaveta'],
  ['irina', 'iryna'],
  ['lyudmila', 'ludmila', 'liudmila', 'lyudmyla', 'liudmyla', 'ludmyla'],
  ['larisa', 'larysa', 'larissa'],
  ['maria', 'mariia', 'mariya', 'marija', 'marya', 'maryia'],
  ['natalia', 'natalya', 'nataliya', 'nataliia', 'natalja', 'natallia', 'natalla'],
  ['nadezhda', 'nadiya', 'nadiia', 'nadzeya', 'nadzeia'],
  ['ksenia', 'kseniya', 'kseniia', 'xenia', 'xeniya', 'ksenija', 'ksenyia'],
  ['olga', 'olha', 'volha', 'olgha'],
  ['svetlana', 'svitlana', 'sviatlana', 'swetlana'],
  ['tatiana', 'tatyana', 'tatjana', 'tetiana', 'tetyana', 'tatsiana', 'tatsyana'],
  ['yulia', 'yuliya', 'yuliia', 'iuliia', 'julia', 'juliya', 'yulija'],
  ['marina', 'maryna'],
  ['vera', 'vira', 'viera'],
  ['lyubov', 'liubov', 'lubov', 'liubou'],
  ['evgenia', 'yevgenia', 'yevgeniya', 'yevheniia', 'yevheniya', 'evgeniya', 'ievgeniia', 'yauhenia'],
  ['viktoria', 'viktoriya', 'viktoriia', 'victoria'],
  ['sofia', 'sofiya', 'sofiia', 'sophia'],
  ['zoya', 'zoia'],
  ['oksana'],
  ['polina', 'palina'],
];

/**
 * Words of organisation names in Russian (or Ukrainian) transliteration and the English words the lists
 * translate them with. Only words that are the same in every list's usage: "plant" and "factory" are
 * both "zavod"; "scientific" and "research" both render "nauchno-" in "research and production". The
 * Russian legal forms are here too: a query's legal form meets its translation as a variant.
 */
export const ORGANISATION_WORD_GROUPS: readonly (readonly string[])[] = [
  ['plant', 'factory', 'works', 'zavod', 'zavodu', 'zavoda', 'kombinat', 'mill'],
  ['bureau', 'byuro', 'biuro', 'buro'],
  ['design', 'konstruktorskoe', 'konstruktorskoye', 'konstruktorskoi', 'konstruktorskogo', 'konstruktorsky', 'konstruktorskii'],
  ['association', 'obyedinenie', 'obedinenie', 'obyedineniye', 'obiedinenie', 'obedineniye', 'obiednannia'],
  ['scientific', 'research', 'nauchno', 'nauchnoe', 'nauchnyi', 'nauchny', 'nauchnoye', 'naukovo', 'issledovatelskii', 'issledovatelskiy', 'issledovatelsky'],
  ['production', 'productive', 'proizvodstvennoe', 'proizvodstvennoye', 'proizvodstvennyi', 'proizvodstvenny', 'proizvodstvennoi', 'vyrobnyche'],
  ['enterprise', 'predpriyatie', 'predpriyatiye', 'predpriiatie', 'pidpryiemstvo', 'pidpryemstvo', 'pidpriemstvo'],
  ['institute', 'institut', 'instytut'],
  ['center', 'centre', 'tsentr', 'centr', 'tsentra'],
  ['concern', 'kontsern', 'konstern', 'koncern'],
  ['complex', 'kompleks'],
  ['state', 'gosudarstvennoe', 'gosudarstvennyi', 'gosudarstvenny', 'gosudarstvennoye', 'gosudarstvenoye', 'derzhavne', 'derzhavnoe'],
  ['federal', 'federalnoe', 'federalnoye', 'federalnyi', 'federalnyy'],
  ['technology', 'technologies', 'technological', 'tekhnologiya', 'tekhnologii', 'technologiya', 'tekhnologicheskii', 'tekhnologicheskiy'],
  ['automation', 'automatics', 'avtomatika', 'avtomatiki', 'avtomatizatsii'],
  ['aviation', 'aviatsii', 'aviatsionny', 'aviatsionnyi', 'aviatsionnyy', 'aviatsionnoe'],
  ['academician', 'akademika', 'akademik', 'academic', 'akademii'],
  ['industries', 'industrial', 'industry', 'ind', 'inds', 'promyshlennaya', 'promyshlennost'],
  ['shipping', 'sudokhodnaya', 'sudokhodnaia', 'sudokhodnoe'],
  ['chemical', 'khimicheskii', 'khimicheskiy'],
  ['instrument', 'priborostroitelny', 'priborostroitelnyi', 'priborostroitelnoe', 'priborostroeniya', 'priborostroenie'],
  ['engineering', 'mashinostroenie', 'mashinostroeniya', 'mashinostroitelny', 'mashinostroitelnyi', 'mashinostroitelnoe'],
  ['experimental', 'opytno', 'opytnoe', 'eksperimentalnyi'],
  ['special', 'spetsialnoe', 'spetsialnoye', 'spetsialnyi', 'spetsialny'],
  ['central', 'tsentralnyi', 'tsentralnoe', 'tsentralny', 'tsentralnyy'],
  ['military', 'voennyi', 'voennoe', 'voenno'],
  ['group', 'groupe', 'gruppa', 'groupement'],
  ['islamic', 'islamique', 'islamiya', 'islamiyya', 'islamiyah'],
  // Russian and Ukrainian legal forms and the English initials the lists translate them with.
  ['jsc', 'ao'],
  ['pjsc', 'pao'],
  ['ojsc', 'oao'],
  ['cjsc', 'zao'],
  ['llc', 'ooo', 'tov'],
];
